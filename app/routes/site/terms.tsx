export default function Page() {
  return <main><h1>terms</h1></main>;
}
