// Random one-pack deals by the contract of crates/camicia/src/deal.rs: deal i of a seed reads
// the 64-byte ChaCha8 block of counter i (stream 0) of the seed's key, as 32 numbers of 16 bits
// (each word's low half, then its high half), and goes on into the blocks that follow in the few
// deals whose block places fewer than 16 cards.

fn rotate(x: vec4<u32>, n: u32) -> vec4<u32> {
    return (x << vec4<u32>(n)) | (x >> vec4<u32>(32u - n));
}

// The 16 words of the block of counter `block` (low half first): the four rows of the state,
// each quarter round applied to the four columns at once, and to the diagonals once the rows
// are turned by one, two and three words.
fn chacha8(block: vec2<u32>) -> array<vec4<u32>, 4> {
    let start_a = vec4<u32>(0x61707865u, 0x3320646eu, 0x79622d32u, 0x6b206574u);
    let start_d = vec4<u32>(block, 0u, 0u);
    var a = start_a;
    var b = params.key[0];
    var c = params.key[1];
    var d = start_d;
    for (var double_round = 0u; double_round < 4u; double_round++) {
        a += b; d = rotate(d ^ a, 16u); c += d; b = rotate(b ^ c, 12u);
        a += b; d = rotate(d ^ a, 8u); c += d; b = rotate(b ^ c, 7u);
        b = b.yzwx; c = c.zwxy; d = d.wxyz;
        a += b; d = rotate(d ^ a, 16u); c += d; b = rotate(b ^ c, 12u);
        a += b; d = rotate(d ^ a, 8u); c += d; b = rotate(b ^ c, 7u);
        b = b.wxyz; c = c.zwxy; d = d.yzwx;
    }
    return array<vec4<u32>, 4>(a + start_a, b + params.key[0], c + params.key[1], d + start_d);
}

// One number of 16 bits: a place by Lemire's method (the high half of x · 52, the 16 values of x
// whose low half falls below 2^16 mod 52 = 16 rejected), taken if it is free and cards remain to
// place; the k-th card placed (from 0) is of rank k / 4, J to A.
fn place_number(d: ptr<function, Deal>, placed: ptr<function, u32>, x: u32) {
    let product = x * 52u;
    let b = bit64(product >> 16u);
    if (product & 0xffffu) >= 16u && all(((*d).places & b) == vec2<u32>(0u)) && *placed < 16u {
        put_card(d, product >> 16u, *placed >> 2u);
        *placed += 1u;
    }
}

fn place_word(d: ptr<function, Deal>, placed: ptr<function, u32>, word: u32) {
    place_number(d, placed, word & 0xffffu);
    place_number(d, placed, word >> 16u);
}

fn place_block(d: ptr<function, Deal>, placed: ptr<function, u32>, words: array<vec4<u32>, 4>) {
    for (var row = 0u; row < 4u; row++) {
        let w = words[row];
        place_word(d, placed, w.x);
        place_word(d, placed, w.y);
        place_word(d, placed, w.z);
        place_word(d, placed, w.w);
    }
}

// Deal `index` (64 bits) of the key in the parameters.
fn random_deal(index: vec2<u32>) -> Deal {
    var d: Deal;
    var placed = 0u;
    var block = index;
    place_block(&d, &placed, chacha8(block));
    loop {
        if placed == 16u {
            break;
        }
        // The counter runs on past the block, wrapping at 2^64 as the generator's does.
        block.x += 1u;
        block.y += select(0u, 1u, block.x == 0u);
        place_block(&d, &placed, chacha8(block));
    }
    // The queue of ranks in place order.
    var rest = d.places;
    for (var k = 0u; k < 16u; k++) {
        let place = lowest64(rest);
        let rank = (shr64(d.low, place).x & 1u) | ((shr64(d.high, place).x & 1u) << 1u);
        d.values |= rank << (2u * k);
        rest = drop_lowest64(rest);
    }
    return d;
}
