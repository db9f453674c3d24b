package browser_test

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/frontier-bench/frontier/internal/browsertest"
	"github.com/frontier-bench/frontier/site/mcp"
)

// TestMCPLinksOpenTheViewTheyDescribe asks `frontier mcp`'s get_points for one GPU's TRTLLM
// configurations on the example site, opens the url it returns, and checks that the chart
// shows those configurations and no other.
func TestMCPLinksOpenTheViewTheyDescribe(t *testing.T) {
	b := browsertest.New(t)
	files, root := exampleSite(t, b)
	ctx := context.Background()
	st, ct := sdk.NewInMemoryTransports()
	ss, err := mcp.NewServer(mcp.NewSite(mcp.NewSource("example", files)), "test").Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ss.Close()
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "test", Version: "1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	res, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "get_points", Arguments: map[string]any{
		"page": "/deepseek-v4-pro/8k-1k/", "gpus": []string{"b300"}, "frameworks": []string{"trt"}}})
	if err != nil || res.IsError {
		t.Fatalf("get_points: %v %+v", err, res)
	}
	var got struct {
		URL    string `json:"url"`
		Points []struct {
			Name string `json:"name"`
		} `json:"points"`
	}
	raw, _ := json.Marshal(res.StructuredContent)
	if err := json.Unmarshal(raw, &got); err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, p := range got.Points {
		if !slices.Contains(want, p.Name) {
			want = append(want, p.Name)
		}
	}
	slices.Sort(want)
	if len(want) == 0 || !strings.Contains(got.URL, "#gpus=b300&frameworks=trt") {
		t.Fatalf("get_points: url %q, configurations %v", got.URL, want)
	}
	p := b.Open(t, root+strings.TrimPrefix(got.URL, "/"))
	var shown []string
	points := 0
	for _, s := range p.ChartState("#chart").Series {
		if s.Type == "scatter" && s.Visible && len(s.Points) > 0 {
			shown = append(shown, s.Name)
			points += len(s.Points)
		}
	}
	slices.Sort(shown)
	if !slices.Equal(shown, want) || points != len(got.Points) {
		t.Errorf("the chart at %s shows %v (%d points); get_points gave %v (%d points)", got.URL, shown, points, want, len(got.Points))
	}
}
