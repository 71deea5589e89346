package io.paypipe.sandbox.stripe;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class StripeSearchQueryTest {

    @Test
    void readsAMetadataClauseWithEitherQuote() {
        assertThat(StripeSearchQuery.parse("metadata['out_trade_no']:'ORDER-1'").orElseThrow().outTradeNo())
            .contains("ORDER-1");
        assertThat(StripeSearchQuery.parse("metadata[\"out_trade_no\"]:\"ORDER-2\"").orElseThrow().outTradeNo())
            .contains("ORDER-2");
    }

    @Test
    void readsClausesJoinedByAnd() {
        assertThat(StripeSearchQuery.parse("status:'succeeded' AND metadata['out_trade_no']:'ORDER-3'"))
            .hasValueSatisfying(q -> assertThat(q.outTradeNo()).contains("ORDER-3"));
    }

    @Test
    void refusesWhatItDoesNotUnderstand() {
        assertThat(StripeSearchQuery.parse("amount>1000")).isEmpty();
        assertThat(StripeSearchQuery.parse("metadata['out_trade_no']:'A' OR status:'succeeded'")).isEmpty();
        assertThat(StripeSearchQuery.parse("")).isEmpty();
    }

}
