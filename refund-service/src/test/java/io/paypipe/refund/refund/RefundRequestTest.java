package io.paypipe.refund.refund;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RefundRequestTest {

    @Test
    void givenACompleteRequest_whenChecked_thenNothingIsWrong() {
        assertThat(new RefundRequest("1900000100", "ORDER-1", 100L, "CNY", "returned", "RF-1_a", "alice").problems())
            .isEmpty();
    }

    @Test
    void givenEveryFieldWrong_whenChecked_thenEachIsNamed() {
        var problems = new RefundRequest(" ", "x".repeat(65), -1L, "cny", "r".repeat(81), "no/slashes", null)
            .problems();

        assertThat(String.join("; ", problems)).contains("merchant is required")
            .contains("out_trade_no is longer than 64")
            .contains("amount must be a positive whole number")
            .contains("currency must be an upper-case ISO 4217 code")
            .contains("reason is longer than 80")
            .contains("requested_by is required")
            .contains("refund_no must be 1 to 64 letters, digits, '_' or '-'");
    }

    @Test
    void givenGeneratedNumbers_whenDrawn_thenEachFitsEveryChannelAndTheyDiffer() {
        var numbers = new RefundNumbers(java.time.Clock.systemUTC());

        String a = numbers.next();
        String b = numbers.next();

        assertThat(a).matches("RF[0-9]{14}[0-9A-Za-z]{12}").isNotEqualTo(b);
        assertThat(RefundNumbers.valid(a)).isTrue();
        assertThat(RefundNumbers.valid("x".repeat(65))).isFalse();
    }

}
