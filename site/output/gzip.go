package output

import (
	"bytes"
	"compress/gzip"
	"sync"
)

// gzipLevel is the compression level of every file a build stores gzipped (a chart page's
// history chunks and trend tables, its columns.json.gz and rest.json.gz): the one place to
// trade build time for bytes. On the year-scale page (41,720 rows) its gzipped files take
// 4.11 MB at level 9, 4.13 MB at 7, 4.14 MB at 6 and 4.70 MB at 1, and compressing them takes
// 1.70 s at 9, 0.75 s at 7, 0.60 s at 6 and 0.27 s at 1: level 6 costs the page 30 KB of its
// 8 MB budget (its whole folder 7.90 MB against 7.87 at level 9) for a third of level 9's time.
const gzipLevel = 6

// Gzip is b as gzip writes it at the build's one level, with no name or time in its header:
// the same bytes for the same b. A site stores some files gzipped (a year of history rows is
// a third of the disk, and GitHub Pages allows a site 1 GB); a host sends them as they are, as
// many bytes as it would send compressing them itself, and the page script inflates them
// (DecompressionStream).
func Gzip(b []byte) []byte {
	var buf bytes.Buffer
	zw := gzipWriters.Get().(*gzip.Writer)
	defer gzipWriters.Put(zw)
	zw.Reset(&buf) // as new: the same level, an empty header
	zw.Write(b)    // a bytes.Buffer does not fail
	zw.Close()
	return buf.Bytes()
}

// gzipWriters keep Gzip's writers between calls: making one allocates and clears over half a
// megabyte of tables, which cost a build of 1,000 pages' small chunks about as much as
// compressing them.
var gzipWriters = sync.Pool{New: func() any {
	zw, _ := gzip.NewWriterLevel(nil, gzipLevel) // a valid level
	return zw
}}
