//go:build js && wasm

package main

import (
	"syscall/js"

	"github.com/frontier-bench/frontier/site/input"
)

// main gives the page its one function, frontierReadRun(name, bytes, page), and waits: the page
// calls it for every file a reader adds. page is {run, gpus, models, strings}: the form's answers
// ({gpu, gpus, framework, precision, isl, osl, model}, or null), the page's GPUs ({key: {label,
// vendor}}), the site's renames to the page's model ({key: name}) and its [script.yourrun.check]
// strings ({key: string}). It returns read's value.
func main() {
	js.Global().Set("frontierReadRun", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) < 3 || args[1].Type() != js.TypeObject {
			return js.Null()
		}
		data := make([]byte, args[1].Length())
		js.CopyBytesToGo(data, args[1])
		page := args[2]
		req := request{name: args[0].String(), data: data, gpus: map[string]input.GPUName{}}
		if run := page.Get("run"); run.Type() == js.TypeObject {
			req.run = &input.Run{GPU: str(run, "gpu"), GPUs: num(run, "gpus"), Framework: str(run, "framework"),
				Precision: str(run, "precision"), Model: str(run, "model"), ISL: num(run, "isl"), OSL: num(run, "osl")}
		}
		if gpus := page.Get("gpus"); gpus.Type() == js.TypeObject {
			keys := js.Global().Get("Object").Call("keys", gpus)
			for i := 0; i < keys.Length(); i++ {
				k := keys.Index(i).String()
				req.gpus[k] = input.GPUName{Label: str(gpus.Get(k), "label"), Vendor: str(gpus.Get(k), "vendor")}
			}
		}
		if models := page.Get("models"); models.Type() == js.TypeObject {
			keys := js.Global().Get("Object").Call("keys", models)
			for i := 0; i < keys.Length(); i++ {
				k := keys.Index(i).String()
				if name := str(models, k); name != "" {
					if req.models == nil {
						req.models = map[string]string{}
					}
					req.models[k] = name
				}
			}
		}
		strings := page.Get("strings")
		req.t = func(key string) string {
			if strings.Type() != js.TypeObject {
				return ""
			}
			return str(strings, key)
		}
		return js.ValueOf(read(req))
	}))
	select {}
}

// str is o[k] when it is a string, else "".
func str(o js.Value, k string) string {
	if o.Type() != js.TypeObject {
		return ""
	}
	if v := o.Get(k); v.Type() == js.TypeString {
		return v.String()
	}
	return ""
}

// num is o[k] when it is a whole number, else 0.
func num(o js.Value, k string) int64 {
	if v := o.Get(k); v.Type() == js.TypeNumber && v.Float() == float64(int64(v.Float())) {
		return int64(v.Float())
	}
	return 0
}
