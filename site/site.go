package site

import (
	"github.com/frontier-bench/frontier/site/config"
	"github.com/frontier-bench/frontier/site/input"
	"github.com/frontier-bench/frontier/site/page"
	"github.com/frontier-bench/frontier/site/pipeline"
)

// Input is everything a build reads; see package config.
type Input = config.Input

// Config is the site's settings, from frontier.toml and the command line; see package config.
type Config = config.Config

// GPUConfig is a GPU's cost and power, Config's [gpus] table; see package config.
type GPUConfig = config.GPUConfig

// FrameworkConfig is how a framework is named per language, Config's [frameworks] table; see
// package config.
type FrameworkConfig = config.FrameworkConfig

// ModelConfig is how a model is named, Config's [models] table; see package config.
type ModelConfig = config.ModelConfig

// DefaultConfig is the configuration of a site without frontier.toml.
func DefaultConfig() Config { return config.DefaultConfig() }

// ParseConfig reads frontier.toml over the defaults. name is what problems print as the file.
func ParseConfig(name string, data []byte) (Config, Problems) { return config.ParseConfig(name, data) }

// BuildMemoryLimit is the soft memory limit `frontier build` runs under (runtime/debug's
// SetMemoryLimit), unless GOMEMLIMIT sets another. A one-off build's live heap is the pages in
// flight (a year of a page's rows, about 50 MiB a page at the year-scale corpus's peak), and
// with the default GOGC the heap grows to twice it before a collection: 200 MiB for 20 such
// pages on two cores. Under the limit the collector runs sooner instead (about 1.4 times as
// many collections there), and a site whose live heap outgrows the limit still builds: the
// runtime caps the collector's share of the CPU.
const BuildMemoryLimit = 160 << 20

// Report says what a build did; see package pipeline.
type Report = pipeline.Report

// StageError is a failure inside a stage that is not the author's data; see package pipeline.
type StageError = pipeline.StageError

// Builder builds a site again and again for the preview, reusing what has not changed; see
// package pipeline.
type Builder = pipeline.Builder

// Build builds the site into out; see package pipeline.
func Build(in Input, out Writer) (*Report, error) { return pipeline.Build(in, out) }

// Page is one chart page, as assembled from its datasets; see package render.
type Page = page.Page

// Assemble groups datasets into chart pages; see package pipeline.
func Assemble(datasets []*input.Dataset, prefix string) ([]*Page, Problems) {
	return pipeline.Assemble(datasets, prefix)
}

// FileReport is what the decoder made of one data file; see package input.
type FileReport = input.FileReport

// Describe reports what the decoder makes of each data file of in, in path order, for
// `frontier check -v`: its format and release, points, where its context came from and what
// it lacked. It decodes as the build does; the build reports the files' problems.
func Describe(in Input) ([]FileReport, error) {
	return input.Describe(in.Data, in.DataPrefix, in.Config.RawOptions())
}
