package input

// The per-request input and output lengths of an agentic run, for its point's detail
// (docs/chart-page.md, "An agentic point"): they span orders of magnitude, so they are binned on
// log-spaced edges and summarised by the lognormal that fits them best (the maximum-likelihood
// μ and σ of their logarithms), with its Kolmogorov–Smirnov distance to the data saying how
// well it fits.

import (
	"math"
	"slices"
)

// lengthBins is how many log-spaced bins a histogram has: enough to show a lognormal's shape
// over the four orders of magnitude an agentic trace spans, few enough to stay readable.
const lengthBins = 24

// Lengths is a histogram of per-request token counts and its lognormal fit.
type Lengths struct {
	Edges  []float64 // bin edges in tokens, log-spaced; len(Counts)+1 of them
	Counts []int64
	N      int64 // requests binned (more than 0 tokens)
	// Zero is the requests with 0 tokens: no logarithm, so counted apart, never binned.
	Zero int64
	// Mu and Sigma are the fitted lognormal's parameters (of ln tokens); KS its
	// Kolmogorov–Smirnov distance to the binned requests, in [0, 1].
	Mu, Sigma, KS float64
}

// Median is the fitted lognormal's median in tokens: e^μ.
func (l *Lengths) Median() float64 { return math.Exp(l.Mu) }

// lengthsOf bins tokens (sorted in place) and fits them; nil when there are none.
func lengthsOf(tokens []int64) *Lengths {
	if len(tokens) == 0 {
		return nil
	}
	slices.Sort(tokens)
	l := &Lengths{}
	i := 0
	for i < len(tokens) && tokens[i] <= 0 {
		i++
	}
	l.Zero, tokens = int64(i), tokens[i:]
	if len(tokens) == 0 {
		return l
	}
	l.N = int64(len(tokens))
	var sum, sq float64
	for _, t := range tokens {
		v := math.Log(float64(t))
		sum += v
		sq += v * v
	}
	n := float64(len(tokens))
	l.Mu = sum / n
	l.Sigma = math.Sqrt(max(sq/n-l.Mu*l.Mu, 0))
	l.KS = ksLognormal(tokens, l.Mu, l.Sigma)

	lo, hi := math.Log(float64(tokens[0])), math.Log(float64(tokens[len(tokens)-1])+1)
	l.Edges = make([]float64, lengthBins+1)
	for k := range l.Edges {
		l.Edges[k] = math.Round(math.Exp(lo+(hi-lo)*float64(k)/lengthBins)*100) / 100
	}
	l.Counts = make([]int64, lengthBins)
	for _, t := range tokens {
		k := int(float64(lengthBins) * (math.Log(float64(t)) - lo) / (hi - lo))
		l.Counts[min(max(k, 0), lengthBins-1)]++
	}
	return l
}

// ksLognormal is the Kolmogorov–Smirnov distance between sorted (all > 0) and the lognormal
// of mu and sigma: the largest gap between the empirical and the fitted CDF, on either side of
// each step.
func ksLognormal(sorted []int64, mu, sigma float64) float64 {
	n := float64(len(sorted))
	var d float64
	for i, t := range sorted {
		var f float64
		if sigma == 0 {
			f = 0.5
			if x := math.Log(float64(t)); x > mu {
				f = 1
			} else if x < mu {
				f = 0
			}
		} else {
			f = 0.5 * math.Erfc(-(math.Log(float64(t))-mu)/(sigma*math.Sqrt2))
		}
		d = max(d, math.Abs(f-float64(i)/n), math.Abs(float64(i+1)/n-f))
	}
	if sigma == 0 {
		return 0 // every request the same length: the fit is a step at it, exact
	}
	return d
}
