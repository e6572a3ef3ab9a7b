// Placeholder: the booking issue replaces this with the real booking section.
export function BookingSection() {
  return (
    <section id="booking" className="scroll-mt-20 px-4 py-16">
      <h2 className="text-center text-3xl font-bold">Termin vereinbaren</h2>
    </section>
  );
}
