package input

// AIPerf's configuration layout from 0.10 on: input_config gives the load as phases[] (a
// warmup phase with exclude_from_results, then the profiling phase) and the workload as
// datasets[], in place of loadgen and input.prompt. The point is the profiling phase: the
// first phase not excluded from the results. Its type says the load: "concurrency" keeps
// `concurrency` in flight; a rate type ("constant", "poisson", "gamma") sends `rate` requests
// per second, with `concurrency` as its cap when given (the run's concurrency, as loadgen's
// was). The first dataset's prompts give the requested lengths (isl, osl: a number or a
// distribution with its mean). The releases' layouts, as data:
//
//	release      load                                   lengths
//	AIPerf <0.10 loadgen.concurrency, loadgen.request_rate input.prompt.{input,output}_tokens.mean
//	AIPerf 0.10+ phases[profiling].{type,concurrency,rate} datasets[0].prompts.{isl,osl}

import (
	"strconv"

	"encoding/json/jsontext"
)

// aiperfPhase is what a phase of input_config.phases says of the load.
type aiperfPhase struct {
	name, kind string
	conc       int64
	rate       float64
	requests   int64
	excluded   bool
}

// aiperfPhases reads input_config.phases into p's load, from its profiling phase, and notes
// the phase in run's settings.
func (d *rawDecoder) aiperfPhases(p *clientPoint, run *RunInfo) {
	if d.peek() != jsontext.KindBeginArray {
		d.skip()
		return
	}
	var prof *aiperfPhase
	d.elements(func(i int) {
		ph := d.aiperfPhase()
		if prof == nil && !ph.excluded {
			prof = &ph
		}
	})
	d.cfg.rec.setRelease("AIPerf 0.10 or later (input_config.phases)")
	if prof == nil {
		return // every phase excluded: no load, which settle reports
	}
	set := func(k, v string) {
		if safeValue(v) {
			run.Settings = append(run.Settings, Setting{"phases." + cmp1(prof.name, "profiling") + "." + k, v})
		}
	}
	set("type", prof.kind)
	if prof.conc > 0 {
		p.conc = prof.conc
		set("concurrency", strconv.FormatInt(prof.conc, 10))
	}
	if prof.kind != "concurrency" && prof.rate > 0 {
		p.rate, p.byRate = prof.rate, true
		set("rate", strconv.FormatFloat(prof.rate, 'g', -1, 64))
	}
	if prof.requests > 0 {
		set("requests", strconv.FormatInt(prof.requests, 10))
	}
}

// aiperfPhase reads one phase object.
func (d *rawDecoder) aiperfPhase() (ph aiperfPhase) {
	if d.peek() != jsontext.KindBeginObject {
		d.skip()
		return ph
	}
	d.fields(func(k []byte) {
		switch string(k) {
		case "name":
			ph.name, _ = scalarText(d.decoder)
		case "type":
			ph.kind, _ = scalarText(d.decoder)
		case "concurrency":
			if d.peek() == jsontext.KindNumber {
				ph.conc, _ = d.integer(false, true)
			} else {
				d.skip()
			}
		case "rate":
			if d.peek() == jsontext.KindNumber {
				ph.rate, _ = d.number(false)
			} else {
				d.skip()
			}
		case "requests":
			if d.peek() == jsontext.KindNumber {
				ph.requests, _ = d.integer(false, true)
			} else {
				d.skip()
			}
		case "exclude_from_results":
			if d.peek() == jsontext.KindTrue || d.peek() == jsontext.KindFalse {
				ph.excluded, _ = d.boolean(false)
			} else {
				d.skip()
			}
		default:
			d.skip()
		}
	})
	return ph
}

// aiperfDatasets reads the requested lengths from the first dataset of input_config.datasets
// (prompts.isl and prompts.osl), and its type into run's settings.
func (d *rawDecoder) aiperfDatasets(p *clientPoint, run *RunInfo) {
	if d.peek() != jsontext.KindBeginArray {
		d.skip()
		return
	}
	d.elements(func(i int) {
		if i > 0 || d.peek() != jsontext.KindBeginObject {
			d.skip()
			return
		}
		d.fields(func(k []byte) {
			switch string(k) {
			case "type":
				if v, ok := scalarText(d.decoder); ok && safeValue(v) {
					run.Settings = append(run.Settings, Setting{"datasets[0].type", v})
				}
			case "prompts":
				d.fields(func(k []byte) {
					switch string(k) {
					case "isl":
						p.own.ISL = roundLen(d.meanOf())
					case "osl":
						p.own.OSL = roundLen(d.meanOf())
					default:
						d.skip()
					}
				})
			default:
				d.skip()
			}
		})
	})
}

// meanOf reads a length given as a number or as a distribution with its mean ({"mean": 128,
// "stddev": 0}); 0 for any other (a mix of peaks has no one length).
func (d *rawDecoder) meanOf() float64 {
	switch d.peek() {
	case jsontext.KindNumber:
		v, _ := d.number(false)
		return v
	case jsontext.KindBeginObject:
		var mean float64
		d.fields(func(k []byte) {
			if string(k) == "mean" && d.peek() == jsontext.KindNumber {
				mean, _ = d.number(false)
			} else {
				d.skip()
			}
		})
		return mean
	}
	d.skip()
	return 0
}
