package input

// A `vllm bench serve --save-result` file (SGLang's bench_serving writes the same): one object,
// one row, whose context (GPU, framework, model...) the file or a [[runs]] entry of
// frontier.toml gives.

import "github.com/frontier-bench/frontier/site/problem"

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
	ctx, _ := d.cfg.runContext(d.rel)
	pick := func(own, runs string) string { return cmp1(own, runs) }
	c := Run{
		GPU: pick(file.GPU, ctx.GPU), Framework: pick(file.Framework, ctx.Framework),
		Precision: pick(file.Precision, ctx.Precision), Spec: pick(file.Spec, ctx.Spec),
		Model: pick(file.Model, ctx.Model), Date: pick(file.Date, ctx.Date),
		Image: pick(file.Image, ctx.Image), RunURL: pick(file.RunURL, ctx.RunURL),
		GPUs: cmpOr(file.GPUs, ctx.GPUs), ISL: cmpOr(file.ISL, ctx.ISL), OSL: cmpOr(file.OSL, ctx.OSL),
	}
	var lack []string
	for _, m := range []struct {
		key   string
		given bool
	}{{"gpu", c.GPU != ""}, {"gpus", c.GPUs > 0}, {"framework", c.Framework != ""}, {"precision", c.Precision != ""},
		{"isl", c.ISL > 0}, {"osl", c.OSL > 0}, {"model", c.Model != ""}} {
		if !m.given {
			d.late = append(d.late, problem.Problem{File: d.file, Msg: "no " + m.key + ": give it in the file or in a [[runs]] entry of frontier.toml"})
			lack = append(lack, m.key)
		}
	}
	if len(lack) > 0 {
		d.late = append(d.late, problem.Problem{File: d.file, Warning: true, Msg: runsHint(d.rel, lack)})
	}
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
