package config

import "github.com/frontier-bench/frontier/site/problem"

// Problem is one thing wrong with the author's input; see package problem. ParseConfig and
// Validate report each bad setting as one.
type Problem = problem.Problem

// Problems is every problem found; see package problem.
type Problems = problem.Problems
