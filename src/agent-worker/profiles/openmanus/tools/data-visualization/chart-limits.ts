/** Most rows drawn and tabulated (the rest are left out, and the output says so). */
export const MAX_CHART_ROWS = 500;
/** Most value columns drawn as series. */
export const MAX_SERIES = 6;
