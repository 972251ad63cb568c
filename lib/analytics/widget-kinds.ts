// Widget types and chart kinds: shared by the API schemas and the console's widget builder.
export const WIDGET_TYPES = ['chart', 'number', 'table'] as const;
export const CHART_KINDS = ['line', 'bar', 'doughnut'] as const;
