export default function Page() {
  return <main><h1>privacy</h1></main>;
}
