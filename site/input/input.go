// Package input reads the author's data folder: it walks it (Walk, Load), reads each file's
// pages first without decoding it (ReadHead), decodes and validates every benchmark file into
// the data model (Dataset, Series, Point, ...), turns raw results into each page's snapshot
// datasets (RawPageDatasets), and reads the changelog (LoadChangelog) and the images and
// documents a site copies as they are (LoadStatic).
//
// Its contract: bytes and a path in, datasets and problems out. Every problem names the file
// and the place (FILE:LINE:COL for syntax, FILE: JSON.PATH for values), all of them at once;
// a file with an error gives no dataset. A page is only a key here (PageKey: a model and a
// sequence) that files are grouped by; input knows nothing of HTML or the site, and the
// packages above it group, draw and write.
//
// A file's format is told by its shape, never by its name (sniffFormat): the InferenceX
// inference view, or raw results of one of the formats docs/input-formats.md lists. Each raw
// format is one file that registers it (registerFormat, in the file's init function): its
// name as `frontier check -v` says it, its client's name as a point's detail says it, the
// signatures that recognise it (keys its first object has, each with a rank that orders it
// among every format's: sniffing never depends on the order files initialise in), its decode
// function, and the files its client writes beside its results that give no point, each
// skipped with a warning that says why. Sniffing, decoding, check -v's names and the hints read
// that registry and nothing else, so a new format touches only its own file and its tests
// (docs/development.md, "Adding an input format"). A few formats are told otherwise, by a
// file's extension (JSON lines, an MLPerf LoadGen summary) or by a rule of keys present and
// absent (the eval files), before the registry is asked.
//
// Raw results are normalised as InferenceX's ingest does, carry every metric they measured,
// get what their file lacks (the model, the GPU, the lengths) from the site's [[runs]]
// (RawOptions), and become a page's snapshot datasets once every file of the page is known
// (RawPageDatasets). ReadRun decodes one file from its bytes alone, for the reader's browser.
//
// Every format is read by one decoder over encoding/json/jsontext's Decoder, which accepts
// exactly what encoding/json's Valid accepts (FuzzDecoderAcceptsWhatValidAccepts); the decoder
// knows the JSON path of every value and, from jsontext's InputOffset, its byte offset. A
// syntax error ends a file's decoding through one helper (catchSyntax), worded as
// encoding/json words it, at the file's line and column. Load decodes the files on all cores,
// each core reading file after file into one buffer.
package input
