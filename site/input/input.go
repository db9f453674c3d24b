// Package input reads the author's data folder: it walks it (Walk, Load), reads each file's
// page first without decoding it (ReadHead), decodes and validates every benchmark file into
// the data model (Dataset, Series, Point, ...), and lists the images and documents a site
// copies as they are (LoadStatic).
//
// Its contract: bytes and a path in, datasets and problems out. Every problem names the file
// and the place (FILE:LINE:COL for syntax, FILE: JSON.PATH for values), all of them at once;
// a file with an error gives no dataset. It knows nothing of pages, HTML or the site: the
// packages above it group, draw and write.
//
// Every format shares one JSON tokenizer (jsonscan.go), which accepts exactly what
// encoding/json's Valid accepts (FuzzDecoderAcceptsWhatValidAccepts) and knows the JSON path
// and byte offset of every value. A file's format is told by its shape (sniffFormat in raw.go):
// the inference view (load.go), or raw results (raw.go: InferenceX API rows, agg rows, a
// bench-serve file), which are normalised as InferenceX's ingest does (rawnorm.go), carry every
// metric they measured (rawmodel.go), and become a page's snapshot datasets once every file of
// the page is known (rawsnap.go, rawfile.go). What the site's config tells them is RawOptions.
package input
