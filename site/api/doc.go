// Package api writes the site's static API: its data as plain JSON files at stable URLs below
// /api/v1/, written by every build beside the pages, readable by curl, jq, pandas.read_json and
// by `frontier build` itself.
//
// Its contract, the files (paths below the site's base path; output/apipaths.go names them):
//
//	api/v1/index.json                              every model, sequence, precision, GPU and date,
//	                                               each chart page's URLs and the URL of every file
//	api/v1/views/<model>/<sequence>/<precision>.json  a chart page's newest snapshot, one precision,
//	                                               in the InferenceX inference-view format (the seed's:
//	                                               view, apiVersion, params, metric, xAxis, hardware,
//	                                               series with points, frontier and bestPerSku flags as
//	                                               Frontier computed them): a data folder holding only
//	                                               these files builds the same chart pages; beside the
//	                                               format, frontiers per x axis the page offers (the
//	                                               view's and each series', point ids in x order)
//	api/v1/history/<model>/<sequence>.json         a chart page's dates, the as-of rule, and the link
//	                                               to the rows it stores once (<page>/history/index.json)
//	api/v1/openapi.json                            OpenAPI 3.1: every file above, and the page's
//	                                               data.json, data.csv, page.json, compare.json and the
//	                                               overview's numbers, as a GET of a static path
//	api/v1/schema/<name>.schema.json               JSON Schema 2020-12 of every JSON file the site writes
//
// URLs inside the files are absolute when the base URL has a host, root-relative otherwise, as
// in llms.txt and the sitemap. The same pages and config give the same bytes: every file is a
// Go struct written by encoding/json/v2, maps in key order. It reads the page model (package
// page's Page) and writes through an output.Writer; it knows no templates and no HTML (the
// /api/ page that shows how to read the files is the renderer's).
//
// A Writer is one build's: the pipeline calls Page for each chart page as soon as it is drawn
// (on all cores) and Site once every page is, for the files that list them all.
package api
