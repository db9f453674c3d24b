package site

import (
	"bytes"
	"io/fs"
)

// A one-off build streams: it learns each data file's page from its params first, then decodes,
// assembles and draws one page at a time, so memory holds the pages being drawn rather than
// every decoded file (see buildWith). This file is the first step: finding params.model and
// params.sequence without decoding the series, which are nearly all of a file.

// fileHead is what the first pass learns of a data file.
type fileHead struct {
	model, sequence string
	ok              bool // params gave both; otherwise the file is decoded only for its problems
}

// readHead reads one data file and finds its page. buf is reused as in loadFile.
func readHead(fsys fs.FS, f dataFile, buf []byte) (fileHead, []byte) {
	data, msg := readData(fsys, f, buf)
	if msg != "" {
		return fileHead{}, data
	}
	return scanHead(data), data
}

// scanHead finds the model and sequence that LoadDataset would give data, for any data that
// LoadDataset accepts. It reads only up to the first top-level "params" when that key cannot
// appear again: a known field given twice is decoded last-wins, so a second "params" means
// walking the whole top level. Unless a lower-case letter is written as an escape (\u0061 to
// \u007a), the key can be spelled only one way, and its count in the bytes bounds how often it
// appears as a key. (Other escapes are common: the seed's Chinese metric label has a dozen.)
func scanHead(data []byte) (h fileHead) {
	d := &decoder{data: data}
	defer func() {
		switch r := recover(); r.(type) {
		case nil:
		case *syntaxError: // LoadDataset will report it, and the file belongs to no page
			h = fileHead{}
		default:
			if r != errHeadDone {
				panic(r)
			}
		}
	}()
	once := bytes.Count(data, []byte(`"params"`)) == 1 && !escapesLetter(data)
	if len(data) >= 3 && data[0] == 0xEF && data[1] == 0xBB && data[2] == 0xBF {
		d.pos = 3
	}
	d.valueStart()
	d.fields(func(k []byte) {
		if string(k) != "params" {
			d.skip()
			return
		}
		var ds Dataset
		nerr := d.nerr
		d.params(&ds)
		h = fileHead{model: ds.Model, sequence: ds.Sequence, ok: d.nerr == nerr && ds.Model != "" && ds.Sequence != ""}
		if once {
			panic(errHeadDone)
		}
	})
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

// sources lists the data files a build takes to its pages, in path order. A one-off build reads
// each file's params (readHead) and leaves decoding to the pages; a Builder decodes what changed
// (Builder.load) and hands every dataset over decoded. Orphans are files whose params could not
// be read: the pipeline decodes them only to report their problems.
func (b *Builder) sources(fsys fs.FS, prefix string) (srcs, orphans []*source, ps Problems) {
	if b != nil {
		datasets, ps := b.load(fsys, prefix)
		return residentSources(datasets), nil, ps
	}
	files, ps := walkData(fsys, prefix)
	heads := make([]fileHead, len(files))
	forEachBuf(len(files), func(i int, buf []byte) []byte {
		if !files[i].skip {
			heads[i], buf = readHead(fsys, files[i], buf)
		}
		return buf
	})
	for i, f := range files {
		ps = append(ps, f.ps...)
		if f.skip {
			continue
		}
		s := &source{file: f, fileHead: heads[i]}
		if s.ok {
			s.idx = len(srcs)
			srcs = append(srcs, s)
		} else {
			orphans = append(orphans, s)
		}
	}
	return srcs, orphans, ps
}

// residentSources are sources for datasets decoded already, which must be in path order.
func residentSources(datasets []*Dataset) []*source {
	srcs := make([]*source, len(datasets))
	for i, d := range datasets {
		srcs[i] = &source{file: dataFile{path: d.Path}, fileHead: fileHead{d.Model, d.Sequence, true}, ds: d, idx: i}
	}
	return srcs
}
