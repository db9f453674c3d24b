package charts

import "github.com/frontier-bench/frontier/internal/decimal"

// Round6 rounds v to 6 significant decimal digits, the most a reader can see on a chart or in a
// tooltip, so pages carry "3.28675" rather than "3.2867501036848155" (decimal.Round6, which
// page.Round is too, so the chart option, the page data and a frontier's value agree). NaN,
// infinities and zero come back unchanged.
func Round6(v float64) float64 { return decimal.Round6(v) }
