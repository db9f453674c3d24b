package mcp

import (
	"context"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// instructions tell an agent what the server is for and how to begin.
const instructions = "This server answers from one Frontier site: LLM-inference benchmark results as chart pages " +
	"(one per model and sequence length: throughput per GPU against interactivity, one series per GPU and framework, " +
	"each with its Pareto frontier). Start with list_pages; name a page by the path it gives (\"/deepseek-r1-0528/8k-1k/\"). " +
	"Every answer is the site's own numbers and carries url, the page with the view that shows it: give it to the person asking."

// NewServer is the MCP server of site with every tool; version is the binary's.
func NewServer(site *Site, version string) *sdk.Server {
	s := sdk.NewServer(&sdk.Implementation{Name: "frontier", Title: "Frontier benchmark site", Version: version},
		&sdk.ServerOptions{Instructions: instructions})
	sdk.AddTool(s, &sdk.Tool{Name: "list_pages", Title: "List the chart pages", Description: listPagesDoc, Annotations: readOnly()}, handler(site.listPages))
	sdk.AddTool(s, &sdk.Tool{Name: "get_points", Title: "A page's points", Description: getPointsDoc, Annotations: readOnly()}, handler(site.getPoints))
	sdk.AddTool(s, &sdk.Tool{Name: "best_at", Title: "Each GPU's best at an x", Description: bestAtDoc, Annotations: readOnly()}, handler(site.bestAt))
	sdk.AddTool(s, &sdk.Tool{Name: "compare", Title: "Two GPUs compared", Description: compareDoc, Annotations: readOnly()}, handler(site.compare))
	sdk.AddTool(s, &sdk.Tool{Name: "slo_picks", Title: "Each GPU's pick under limits", Description: sloPicksDoc, Annotations: readOnly()}, handler(site.sloPicks))
	sdk.AddTool(s, &sdk.Tool{Name: "get_evals", Title: "A model's eval scores", Description: getEvalsDoc, Annotations: readOnly()}, handler(site.getEvals))
	sdk.AddTool(s, &sdk.Tool{Name: "history", Title: "A configuration over time", Description: historyDoc, Annotations: readOnly()}, handler(site.history))
	sdk.AddTool(s, &sdk.Tool{Name: "diff", Title: "Verdicts between two builds", Description: diffDoc, Annotations: readOnly()}, handler(site.diff))
	return s
}

// readOnly are every tool's annotations: it reads a published site and changes nothing.
func readOnly() *sdk.ToolAnnotations {
	f := false
	return &sdk.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true, DestructiveHint: &f, OpenWorldHint: &f}
}

// handler adapts a tool's function to the SDK's: the SDK writes out as structuredContent and
// as the same JSON in a text content, and an error as a tool error (isError) whose text the
// agent reads and can act on.
func handler[In, Out any](f func(In) (Out, error)) sdk.ToolHandlerFor[In, Out] {
	return func(_ context.Context, _ *sdk.CallToolRequest, in In) (*sdk.CallToolResult, Out, error) {
		out, err := f(in)
		return nil, out, err
	}
}
