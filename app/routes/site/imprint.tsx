export default function Page() {
  return <main><h1>imprint</h1></main>;
}
