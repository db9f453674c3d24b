package input

import (
	"bytes"
	"io/fs"
)

// A one-off build streams: it learns each data file's page from its params first, then decodes,
// assembles and draws one page at a time, so memory holds the pages being drawn rather than
// every decoded file (see buildWith). This file is the first step: finding params.model and
// params.sequence without decoding the series, which are nearly all of a file.

// Head is what the first pass learns of a data file.
type Head struct {
	Model, Sequence string
	OK              bool // params gave both; otherwise the file is decoded only for its problems
	// Raw marks a raw results file: it feeds Pages (sorted) rather than Model and Sequence,
	// and OK says that it feeds at least one.
	Raw   bool
	Pages []PageKey
	// Evals marks an eval results file (eval.go): it feeds no page of its own, and OK is set.
	Evals bool
	// Empty marks a raw file that is fine and gives no point (an MLPerf Offline summary): it
	// feeds no page, and its warnings, which say why, are all it gives. OK is false.
	Empty bool
}

// ReadHead reads one data file and finds its page. buf is reused as in DecodeFile.
func ReadHead(fsys fs.FS, f File, buf []byte, opt *RawOptions) (Head, []byte) {
	if h, ok := traceHead(fsys, f, opt); ok { // an AIPerf trace-replay folder (agentictrace.go)
		return h, buf
	}
	data, msg := readData(fsys, f, buf)
	if msg != "" {
		return Head{}, data
	}
	return head(f.Path, data, withBeside(opt, fsys)), data
}

// scanHead finds the model and sequence that LoadDataset would give data, for any data that
// LoadDataset accepts. It reads only up to the first top-level "params" when that key cannot
// appear again: a known field given twice is decoded last-wins, so a second "params" means
// walking the whole top level. Unless a lower-case letter is written as an escape (\u0061 to
// \u007a), the key can be spelled only one way, and its count in the bytes bounds how often it
// appears as a key. (Other escapes are common: the seed's Chinese metric label has a dozen.)
func scanHead(data []byte) (h Head) {
	d := newDecoder("", data)
	defer d.release()
	if se := catchSyntax(func() {
		once := bytes.Count(data, []byte(`"params"`)) == 1 && !escapesLetter(data)
		d.fields(func(k []byte) {
			if string(k) != "params" {
				d.skip()
				return
			}
			var ds Dataset
			nerr := d.nerr
			d.params(&ds)
			h = Head{Model: ds.Model, Sequence: ds.Sequence, OK: d.nerr == nerr && ds.Model != "" && ds.Sequence != ""}
			if once {
				panic(errHeadDone)
			}
		})
	}); se != nil {
		return Head{} // LoadDataset will report it, and the file belongs to no page
	}
	return h
}

// escapesLetter reports whether data may hold a lower-case ASCII letter written as a \u escape.
func escapesLetter(data []byte) bool {
	for {
		i := bytes.Index(data, []byte(`\u00`))
		if i < 0 {
			return false
		}
		if rest := data[i+4:]; len(rest) == 0 || rest[0] == '6' || rest[0] == '7' {
			return true
		}
		data = data[i+4:]
	}
}

// errHeadDone stops scanHead's walk once params is known.
var errHeadDone = &struct{ string }{"head done"}
