// 64-bit words as vec2<u32>, the low half in x: WGSL has no 64-bit integers, and a deal's 52
// places (with the sentinel at bit 63) need more than 32 bits. A shift by a runtime amount is
// taken modulo 32 in WGSL, so no shift here is ever by 32 or more.

// Bit n, for n below 64.
fn bit64(n: u32) -> vec2<u32> {
    let b = 1u << (n & 31u);
    return select(vec2<u32>(b, 0u), vec2<u32>(0u, b), n >= 32u);
}

// Bits 0 to n - 1, for n below 64.
fn below64(n: u32) -> vec2<u32> {
    let low = (1u << (n & 31u)) - 1u;
    return select(vec2<u32>(low, 0u), vec2<u32>(0xffffffffu, low), n >= 32u);
}

// v >> n, for n below 64. The high half's bits that move into the low half are shifted by one
// and then by 31 - m, never by 32.
fn shr64(v: vec2<u32>, n: u32) -> vec2<u32> {
    let m = n & 31u;
    let small = vec2<u32>((v.x >> m) | ((v.y << 1u) << (31u - m)), v.y >> m);
    return select(small, vec2<u32>(v.y >> m, 0u), n >= 32u);
}

// v << n, for n below 64; bits past 63 are lost.
fn shl64(v: vec2<u32>, n: u32) -> vec2<u32> {
    let m = n & 31u;
    let small = vec2<u32>(v.x << m, (v.y << m) | ((v.x >> 1u) >> (31u - m)));
    return select(small, vec2<u32>(0u, v.x << m), n >= 32u);
}

// The place of the lowest set bit; 64 when there is none.
fn lowest64(v: vec2<u32>) -> u32 {
    return select(32u + countTrailingZeros(v.y), countTrailingZeros(v.x), v.x != 0u);
}

// The place of the highest set bit of a word that has one.
fn highest64(v: vec2<u32>) -> u32 {
    return select(firstLeadingBit(v.x), 32u + firstLeadingBit(v.y), v.y != 0u);
}

fn ones64(v: vec2<u32>) -> u32 {
    return countOneBits(v.x) + countOneBits(v.y);
}

// The word without its lowest set bit.
fn drop_lowest64(v: vec2<u32>) -> vec2<u32> {
    return select(vec2<u32>(0u, v.y & (v.y - 1u)), vec2<u32>(v.x & (v.x - 1u), v.y), v.x != 0u);
}

// Bits a to b - 1, for a <= b below 64.
fn range64(a: u32, b: u32) -> vec2<u32> {
    return below64(b) & ~below64(a);
}
