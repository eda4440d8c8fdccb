/**
 * Below half a tenth of a point a change reads as none ("unchanged", no arrow): the chart's words, its
 * legend and the cards' 24-hour change say the same.
 */
export const NO_CHANGE = 0.0005;

/** Whether a change of a price (0..1) is one a reader would see: at least a tenth of a point rounded. */
export const isChange = (change: number) => Number.isFinite(change) && Math.abs(change) >= NO_CHANGE;
