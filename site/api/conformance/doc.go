// Package conformance holds the data API's conformance tests, and nothing else: every JSON file
// the example site writes is held to its JSON Schema (2020-12) by a schema validator, each
// schema refuses a broken file, and openapi.json is held to the OpenAPI 3.1 schema by an
// OpenAPI validator, every path of it a file of the site.
//
// They live apart from package site's tests because the validators
// (github.com/santhosh-tekuri/jsonschema/v6, github.com/pb33f/libopenapi-validator, test
// dependencies only) are some fifty packages: in site's test binary they were compiled and
// linked again by every race and fuzz build of it. `make test` runs these once, without -race
// (they validate files; the build that writes them is raced in package site).
package conformance
