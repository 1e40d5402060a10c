//! How numbers are written for people.

/// A whole number with commas between groups of three digits: `1,234,567`.
pub fn grouped(n: impl Into<u128>) -> String {
    let digits = n.into().to_string();
    let mut out = String::with_capacity(digits.len() * 4 / 3);
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::grouped;

    #[test]
    fn groups_of_three() {
        assert_eq!(grouped(0u32), "0");
        assert_eq!(grouped(999u32), "999");
        assert_eq!(grouped(1000u32), "1,000");
        assert_eq!(grouped(187_636_299u64), "187,636,299");
        assert_eq!(
            grouped(577_116_156_815_309_849_672u128),
            "577,116,156,815,309,849,672"
        );
    }
}
