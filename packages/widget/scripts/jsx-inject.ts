// What the build's classic JSX transform calls (scripts/build.mjs): Preact's own h and Fragment.
export { Fragment, h } from 'preact';
