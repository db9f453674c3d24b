package site

import "github.com/frontier-bench/frontier/site/problem"

// Problem is one thing wrong with the author's input; see package problem.
type Problem = problem.Problem

// Problems is every problem a build found; see package problem.
type Problems = problem.Problems
