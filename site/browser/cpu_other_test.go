//go:build !unix

package browser_test

import "time"

// processCPU is 0 where getrusage is not available: cpu-ms/op then reads 0.
func processCPU() time.Duration { return 0 }
