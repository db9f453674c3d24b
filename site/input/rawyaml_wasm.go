//go:build js && wasm

package input

// yamlJSON, in "your run"'s WebAssembly decoder, reads no YAML: a YAML parser would add about
// 600 KB gzipped (yaml.v3 and the JSON encoder it writes through, measured) to the decoder
// every chart page's reader downloads, for the few reports written as YAML. The build reads
// them (rawyaml.go); msg says how to add one here.
func yamlJSON([]byte) ([]byte, string) {
	return nil, "a YAML file is read by frontier build, not in the browser: convert it to JSON (yq -o json FILE) and add the JSON"
}
