package output

import (
	"bytes"
	"compress/gzip"
	"sync"
)

// gzipLevel is the compression level of every file a build stores gzipped (a chart page's
// history chunks and trend tables, its columns.json.gz and rest.json.gz): the one place to
// trade build time for bytes. Go 1.27's compress/flate has new encoders per level, and on
// the year-scale page (41,720 rows) level 3 is both smaller and faster than 6: re-compressing
// its 61 history chunks and tables takes 4.46 MB in 88 ms at level 1, 4.20 MB in 109 ms at 3,
// 4.35 MB in 176 ms at 6, 4.25 MB in 469 ms at 8 and 4.03 MB in 1.06 s at 9. The whole page
// folder is 8.04 MB at 3 against 8.18 at 6 (BenchmarkBuildYear's out-MB/page).
const gzipLevel = 3

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
