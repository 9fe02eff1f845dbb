/** How many people prayed for a request, as the wall and the member who sent it both read it. */
export const prayedText = (count: number) => (count === 1 ? '1 person prayed' : `${count} people prayed`);
