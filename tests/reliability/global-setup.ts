/** One production build for every reliability test (tests/support/global-build.ts); removed afterwards. */
export { default } from "../support/global-build";
