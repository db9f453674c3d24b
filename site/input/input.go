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
// A file's format is told by its shape, never by its name (sniffFormat in format.go): the
// InferenceX inference view (view.go, with the checks that need the whole file in
// viewcheck.go), or raw results: InferenceX API rows and agg rows (raw.go), a
// `vllm bench serve --save-result` file (rawserve.go), and the files other load generators
// write: AIPerf and GenAI-Perf profile exports (rawaiperf.go), LLMPerf summaries
// (rawllmperf.go) and SGLang bench_serving results, a .jsonl file read a line a result
// (rawsglang.go), their context settled from the file and [[runs]] (rawclient.go). ReadRun
// (yourrun.go) decodes one file from its bytes alone, for the reader's browser. Raw results are normalised as
// InferenceX's ingest does (rawnorm.go), carry every metric they measured (rawmodel.go), and
// become a page's snapshot datasets once every file of the page is known (rawsnap.go,
// rawfile.go). What the site's config tells them is RawOptions.
//
// Every format is read by one decoder (decode.go) over encoding/json/jsontext's Decoder, which
// accepts exactly what encoding/json's Valid accepts (FuzzDecoderAcceptsWhatValidAccepts); the
// decoder knows the JSON path of every value and, from jsontext's InputOffset, its byte offset.
// A syntax error ends a file's decoding through one helper (catchSyntax), worded as
// encoding/json words it, at the file's line and column (syntax.go). Load (walk.go) decodes the
// files on all cores, each core reading file after file into one buffer.
package input
