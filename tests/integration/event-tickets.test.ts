
describe("check-in and the attendee list", () => {
  it("checks a ticket in once by its token or code, says 'already' the second time, and exports formula-safe CSV", async () => {
    const { checkIn, attendeesCsv, eventAttendees } = await import("~/services/events.server");
    const { ticketToken } = await import("~/services/tickets.server");
    const { eventId, typeId } = await makeEvent("door", 5, 0);
    await startBooking({ slug: "door", ticketTypeId: typeId, quantity: 2, name: "=Dora Door", email: "dora@example.com", donationPence: 0 });
    const [first, second] = await eventAttendees(eventId, "dora");
    const staff = { id: 1, username: "door-staff" } as never;
    const token = ticketToken(first.code, "2027-03-01T18:00:00.000Z");
    expect(await checkIn(eventId, { token }, staff)).toMatchObject({ kind: "checked-in", name: "=Dora Door" });
    expect(await checkIn(eventId, { token }, staff)).toMatchObject({ kind: "already" });
    expect(await checkIn(eventId, { token: second.code }, staff)).toMatchObject({ kind: "checked-in" });
    expect(await checkIn(eventId, { token: `${token}x` }, staff)).toEqual({ kind: "unknown" });
    const other = await makeEvent("other-door", 5, 0);
    expect(await checkIn(other.eventId, { token }, staff)).toEqual({ kind: "unknown" });
    const csv = await attendeesCsv(eventId);
    expect(csv).toContain("'=Dora Door");
    expect(csv).not.toMatch(/(^|,)=Dora/m);
  });
});
