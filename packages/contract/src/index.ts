export * from './theme.js';
export * from './locale.js';
export * from './widget-states.js';
export * from './currency.js';
