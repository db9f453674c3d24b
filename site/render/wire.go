package render

import "slices"

// The JSON a chart page carries for the page script (#page-data, history/<date>.json) and its
// downloads are a contract between Go and JavaScript; these names let tests outside the package
// decode and measure them as a reader's browser would.

// CSVHeader is the header row of a chart page's data.csv.
func CSVHeader() []string { return slices.Clone(csvHeader) }

// PointColumns are the columns of each point in PageData and HistoryData, in order.
func PointColumns() []string { return slices.Clone(pointColumns) }

// Downloads returns a chart page's data.json and data.csv, as the page links them.
func Downloads(p *Page) (jsonData, csvData []byte, err error) {
	jsonData, err = downloadJSON(p)
	if err != nil {
		return nil, nil, err
	}
	return jsonData, downloadCSV(p, columnsOf(p)), nil
}
