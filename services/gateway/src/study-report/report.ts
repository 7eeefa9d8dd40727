import type { Opinion } from '@chorus/contracts';

// The report's shape: sections of paragraphs, quotes, tables and charts,
// rendered as Markdown and as a PDF. Types only, so every part of the report
// can name them without importing the builder.

export interface ReportTable {
  columns: string[];
  rows: string[][];
}

/** One bar of a chart: a figure, its 95 % interval as a whisker when it has one, and how it reads. */
interface ReportBar {
  label: string;
  value: number;
  low?: number;
  high?: number;
  text: string;
}

/** Bars the PDF draws; the Markdown has the same figures in the block's table. */
export interface ReportChart {
  title: string;
  /** The ends of the axis ([0, 1] for shares); bars grow from zero, or from the low end when zero is outside. */
  domain: [number, number];
  bars: ReportBar[];
}

export interface ReportBlock {
  /** A sub-heading (a persona's name), paragraphs, a quote, a table, charts: any of them. */
  heading?: string;
  paragraphs?: string[];
  quote?: string;
  table?: ReportTable;
  charts?: ReportChart[];
}

export interface ReportSection {
  /** In a study's report, the question the section belongs to. */
  part?: string;
  heading: string;
  blocks: ReportBlock[];
}

export interface ReportShare {
  opinion: Opinion;
  label: string;
  /** Percent of the personas' opinions (the results chart). */
  personas: number;
  /** Percent of every draw, with its 95 % interval; absent for answers stored before draws. */
  draws?: { share: number; low: number; high: number };
}

export interface StudyReport {
  title: string;
  subtitle: string;
  questionText: string;
  /** For the PDF's bars at the top: each opinion's share (none for a typed question or a study). */
  shares: ReportShare[];
  sections: ReportSection[];
}
