/**
 * The widget-only states (docs/widget.md, "How it behaves"): never in an HTTP response, shown by the widget and sent in
 * its error beacons (POST /v1/widget/error-reports takes exactly these codes).
 */
export const WIDGET_STATES = [
  'realtime_unavailable',
  'widget_session_expired',
  'widget_config_invalid',
  'widget_runtime_error',
] as const;

export type WidgetState = (typeof WIDGET_STATES)[number];
