package input

// A `vllm bench serve --save-result` file (SGLang's bench_serving writes the same): one object,
// one row, whose context (GPU, framework, model...) the file or a [[runs]] entry of
// frontier.toml gives.

// serve decodes a bench-serve result: one object, one row.
func (d *rawDecoder) serve() {
	var r rowFields
	var file Run // the context the file gives itself
	var seen uint
	const (
		sConc uint = 1 << iota
		sTotal
		sOutput
	)
	var total, output float64
	var concOff int
	nerr := d.nerr
	if !d.fields(func(k []byte) {
		switch string(k) {
		case "max_concurrency":
			seen |= sConc
			r.conc, _ = d.integer(true, true)
			concOff = d.off
		case "total_token_throughput":
			seen |= sTotal
			total, _ = d.number(true)
		case "output_throughput":
			seen |= sOutput
			output, _ = d.number(true)
		case "date":
			file.Date = d.serveDate()
		case "model_id":
			if file.Model == "" {
				file.Model, _ = d.str(false)
			}
		case "model":
			file.Model = d.text(false)
		case "gpu":
			file.GPU = d.text(false)
		case "framework":
			file.Framework = d.text(false)
		case "precision":
			file.Precision = d.text(false)
		case "spec":
			file.Spec, _ = d.str(false)
		case "image":
			file.Image, _ = d.str(false)
		case "run_url":
			file.RunURL, _ = d.str(false)
		case "disagg":
			r.disagg = d.flexBool()
		case "gpus":
			file.GPUs = d.flexPositive()
		case "isl":
			file.ISL = d.flexPositive()
		case "osl":
			file.OSL = d.flexPositive()
		default:
			d.metric(&r.m, k, true)
		}
	}) {
		return
	}
	start := d.off
	d.require(start, seen, sConc|sTotal|sOutput, "max_concurrency", "total_token_throughput", "output_throughput")
	if seen&sConc != 0 && r.conc == 0 && d.nerr == nerr {
		d.add(d.at(concOff, "max_concurrency", false, "must be greater than 0"))
	}

	// The file's own context first, then [[runs]].
	c := d.context(file)
	d.lacking(c)
	if len(d.late) > 0 || d.nerr > nerr {
		return
	}
	g := float64(c.GPUs)
	r.m.set(MTputPerGPU, total/g)
	r.m.set(MOutputTputPerGPU, output/g)
	r.m.set(MInputTputPerGPU, max(total-output, 0)/g)
	d.complete(&r.m, start, "", true)
	if d.nerr > nerr {
		return
	}
	r.hw, r.fw, r.precision, r.spec = c.GPU, c.Framework, c.Precision, c.Spec
	r.isl, r.osl, r.gpus, r.date, r.image, r.runURL = c.ISL, c.OSL, c.GPUs, c.Date, c.Image, c.RunURL
	d.add1(r, c.Model, -1)
}

func cmp1(a, b string) string {
	if a != "" {
		return a
	}
	return b
}
