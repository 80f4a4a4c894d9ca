export function seatOf(side, zone) {
    return `${side}:${zone}`;
}
export function parseSeat(seat) {
    const i = seat.indexOf(':');
    if (i < 0)
        return null;
    const side = seat.slice(0, i);
    if (side !== 'allied' && side !== 'soviet')
        return null;
    return { side, zone: seat.slice(i + 1) };
}
export function other(side) {
    return side === 'allied' ? 'soviet' : 'allied';
}
