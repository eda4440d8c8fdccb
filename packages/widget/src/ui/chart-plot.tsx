import { useId, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { ChartData } from '../chart-data.js';
import {
  changeOf,
  indexAfterKey,
  labelledTicks,
  linear,
  nearestIndex,
  priceScale,
  stepPath,
  TICK_FORMAT,
  timeStyleOf,
  timeTickValues,
} from '../chart-scale.js';
import { changeEntries, priceEntries, spoken } from '../chart-summary.js';
import { isChange } from '../price-change.js';
import { useWidget } from './context.js';

/** Room for the price labels at the plot's end, the time labels below, and the line's top. */
const AXIS = 44;
const BOTTOM = 24;
const TOP = 10;

const POINT_FORMAT: Intl.DateTimeFormatOptions = {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
};

/**
 * The plot, drawn in the pixels of its real size (measured, and again on every resize: it takes the
 * height its box gives), so the line spans the whole box and text is never stretched. Above it the
 * legend: each outcome's price where the line ends and its change over the range, or, while the
 * readout is on, the time and the prices there. A slider for keyboards and screen readers: arrow
 * keys, Page Up/Down, Home and End move the readout from point to point, and its value text is the
 * time and every outcome's price there; the pointer moves the same readout.
 */
export function ChartPlot({ data, name }: { data: ChartData; name: string }) {
  const { texts, fmt } = useWidget();
  const box = useRef<HTMLDivElement>(null);
  const [{ width, height }, setSize] = useState({ width: 0, height: 0 });
  const [index, setIndex] = useState(-1);
  const descId = useId();

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => {
      const rect = el.getBoundingClientRect();
      setSize({ width: Math.floor(rect.width), height: Math.floor(rect.height) });
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const { times, series } = data;
  const last = times.length - 1;
  const t0 = times[0]!;
  const t1 = times[last]!;
  const style = timeStyleOf(t1 - t0);
  const tickFormat = useMemo(() => new Intl.DateTimeFormat(fmt.locale, TICK_FORMAT[style]), [fmt.locale, style]);
  const pointFormat = useMemo(
    () => new Intl.DateTimeFormat(fmt.locale, style === 'month' ? { dateStyle: 'medium' } : POINT_FORMAT),
    [fmt.locale, style],
  );
  const scale = useMemo(() => priceScale(series.flatMap((s) => s.values)), [data]);
  const plotWidth = Math.max(0, width - AXIS);
  const x = linear(t0, t1, 0, plotWidth);
  const y = linear(scale.lo, scale.hi, height - BOTTOM, TOP);
  const active = index >= 0 && index <= last ? index : -1;
  const shown = active >= 0 ? active : last;
  const when = pointFormat.format(times[shown]);
  const prices = priceEntries(data, shown, fmt);
  const changes = changeEntries(data, texts.t, fmt, texts.locale);
  const ends = series.map((s) => ({ title: s.title, price: s.values[last]!, change: changeOf(s.values) }));

  const onPointer = (e: PointerEvent) => {
    const left = (e.currentTarget as SVGElement).getBoundingClientRect().left;
    const px = Math.min(plotWidth, Math.max(0, e.clientX - left));
    setIndex(nearestIndex(times, t0 + (px / Math.max(1, plotWidth)) * (t1 - t0)));
  };
  const onKey = (e: KeyboardEvent) => {
    const next = indexAfterKey(e.key, active, times.length);
    if (next === null) return;
    e.preventDefault();
    setIndex(next);
  };

  return (
    <>
      {/* Both lines share one grid cell, the hidden one keeping its room: nothing moves when the readout starts. */}
      <div class="readout" aria-hidden="true">
        <p class={active >= 0 ? 'hidden legend' : 'legend'}>
          {ends.map((end, i) => (
            <bdi key={i} class={`s${i % 7}`} dir={texts.dir} data-price={end.price}>
              <span dir="auto">{end.title}</span> <strong>{fmt.chance(end.price)}</strong>
              {isChange(end.change) && (
                <small class={end.change > 0 ? 'change up' : 'change down'}>
                  {end.change > 0 ? '▲' : '▼'}
                  {fmt.number(Math.abs(end.change) * 100, 1)}
                </small>
              )}
            </bdi>
          ))}
        </p>
        <p class={active >= 0 ? '' : 'hidden'}>
          <bdi class="when" dir={texts.dir}>
            {when}
          </bdi>
          {prices.map((entry, i) => (
            <bdi key={i} class={`s${i % 7}`} dir={texts.dir}>
              {entry}
            </bdi>
          ))}
        </p>
      </div>
      <div
        ref={box}
        class="chart-box plot"
        role="slider"
        tabIndex={0}
        aria-label={name}
        aria-describedby={descId}
        aria-valuemin={0}
        aria-valuemax={last}
        aria-valuenow={shown}
        aria-valuetext={`${when}: ${spoken(prices)}`}
        onKeyDown={onKey}
        onFocus={() => setIndex((i) => (i >= 0 ? i : last))}
        onBlur={() => setIndex(-1)}
      >
        <span id={descId} hidden>
          {`${spoken(changes)}. ${texts.t('chart.hint')}`}
        </span>
        {width > 0 && height > 0 && (
          <svg
            width={width}
            height={height}
            aria-hidden="true"
            onPointerMove={onPointer}
            onPointerDown={onPointer}
            onPointerLeave={() => document.activeElement !== box.current && setIndex(-1)}
          >
            {scale.ticks.map((v) => (
              <g key={v} class="tick">
                <line x1={0} x2={plotWidth} y1={y(v)} y2={y(v)} class="grid" />
                <text x={plotWidth + 6} y={y(v)} dy="0.32em">
                  {fmt.percent(v)}
                </text>
              </g>
            ))}
            {labelledTicks(timeTickValues(t0, t1, plotWidth), (t) => tickFormat.format(t)).map(({ t, text }) => (
              <text key={t} class="tick time" x={x(t)} y={height - 6}>
                {text}
              </text>
            ))}
            {series
              .map((s, i) => (
                <g key={s.id} class={`s${i % 7}`}>
                  <path class="series" d={stepPath(times, s.values, x, y)} data-end={s.values[last]} />
                  <circle class="end" cx={x(t1)} cy={y(s.values[last]!)} r={3.5} />
                </g>
              ))
              .reverse()}
            {active >= 0 && (
              <g class="rule">
                <line x1={x(times[active]!)} x2={x(times[active]!)} y1={TOP} y2={height - BOTTOM} />
                {series.map((s, i) => (
                  <circle key={s.id} class={`s${i % 7}`} cx={x(times[active]!)} cy={y(s.values[active]!)} r={4.5} />
                ))}
              </g>
            )}
          </svg>
        )}
      </div>
    </>
  );
}
