package mcp

import "errors"

const sloPicksDoc = "todo"
const getEvalsDoc = "todo"
const historyDoc = "todo"

type SLOIn struct {
	Page string `json:"page"`
}
type SLOOut struct {
	URL string `json:"url"`
}
type EvalsIn struct {
	Page string `json:"page"`
}
type EvalsOut struct {
	URL string `json:"url"`
}
type HistoryIn struct {
	Page string `json:"page"`
}
type HistoryOut struct {
	URL string `json:"url"`
}

func (s *Site) sloPicks(SLOIn) (SLOOut, error)        { return SLOOut{}, errors.New("todo") }
func (s *Site) getEvals(EvalsIn) (EvalsOut, error)    { return EvalsOut{}, errors.New("todo") }
func (s *Site) history(HistoryIn) (HistoryOut, error) { return HistoryOut{}, errors.New("todo") }
