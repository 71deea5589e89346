package io.paypipe.core.order;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paypipe.core.event.OpsAlertRaised.Kind;
import io.paypipe.core.event.PaymentState;
import io.paypipe.core.event.RefundTaskCreated.Reason;
import io.paypipe.core.id.Channel;
import io.paypipe.core.order.PaymentRule.Decision;
import io.paypipe.core.order.PaymentRules.Key;
import io.paypipe.core.order.PaymentRules.Notice;
import io.paypipe.core.order.PaymentRules.Standing;
import io.paypipe.core.order.PaymentRules.TradeRelation;
import io.paypipe.core.raw.Handled;
import io.paypipe.core.raw.RawOutcome;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The payment rules written out by hand, every row of the table, independently of the
 * implementation.
 */
class PaymentRulesTest {

    /**
     * The whole table; "-" is none. A paid standing relates SAME or OTHER, any other
     * standing NONE.
     */
    private static final String EXPECTED = """
            standing           notice           relation decision         outcome                  alert            order-alert    refund           handled
            PENDING            SUCCESS          NONE     APPLY            APPLIED                  -                -              -                SETTLED
            PENDING            CLOSE_OF_ORDER   NONE     CLOSE            CLOSED                   -                -              -                SETTLED
            PENDING            CLOSE_OF_ATTEMPT NONE     LEAVE_ORDER      ATTEMPT_ENDED            -                -              -                SETTLED
            CLOSED_BY_CHANNEL  SUCCESS          NONE     REOPEN           APPLIED                  -                CLOSE_CONFLICT -                SETTLED
            CLOSED_BY_CHANNEL  CLOSE_OF_ORDER   NONE     REPUBLISH_CLOSED CLOSED                   -                -              -                SETTLED
            CLOSED_BY_CHANNEL  CLOSE_OF_ATTEMPT NONE     LEAVE_ORDER      ATTEMPT_ENDED            -                -              -                SETTLED
            CLOSED_BY_MERCHANT SUCCESS          NONE     SET_ASIDE        ILLEGAL_PAID_AFTER_CLOSE PAID_AFTER_CLOSE -              PAID_AFTER_CLOSE NEEDS_A_PERSON
            CLOSED_BY_MERCHANT CLOSE_OF_ORDER   NONE     REPUBLISH_CLOSED CLOSED                   -                -              -                SETTLED
            CLOSED_BY_MERCHANT CLOSE_OF_ATTEMPT NONE     LEAVE_ORDER      ATTEMPT_ENDED            -                -              -                SETTLED
            PAID               SUCCESS          SAME     REPUBLISH_PAID   DUPLICATE                -                -              -                SETTLED
            PAID               SUCCESS          OTHER    SET_ASIDE        ILLEGAL_DOUBLE_PAYMENT   DOUBLE_PAYMENT   -              DOUBLE_PAYMENT   NEEDS_A_PERSON
            PAID               CLOSE_OF_ORDER   SAME     OVERRULE_CLOSE   CLOSE_OVERRULED          -                CLOSE_CONFLICT -                SETTLED
            PAID               CLOSE_OF_ORDER   OTHER    OVERRULE_CLOSE   CLOSE_OVERRULED          -                CLOSE_CONFLICT -                SETTLED
            PAID               CLOSE_OF_ATTEMPT SAME     LEAVE_ORDER      ATTEMPT_ENDED            -                -              -                SETTLED
            PAID               CLOSE_OF_ATTEMPT OTHER    LEAVE_ORDER      ATTEMPT_ENDED            -                -              -                SETTLED
            REFUNDING          SUCCESS          SAME     REPUBLISH_PAID   DUPLICATE                -                -              -                SETTLED
            REFUNDING          SUCCESS          OTHER    SET_ASIDE        ILLEGAL_DOUBLE_PAYMENT   DOUBLE_PAYMENT   -              DOUBLE_PAYMENT   NEEDS_A_PERSON
            REFUNDING          CLOSE_OF_ORDER   SAME     OVERRULE_CLOSE   CLOSE_OVERRULED          -                CLOSE_CONFLICT -                SETTLED
            REFUNDING          CLOSE_OF_ORDER   OTHER    OVERRULE_CLOSE   CLOSE_OVERRULED          -                CLOSE_CONFLICT -                SETTLED
            REFUNDING          CLOSE_OF_ATTEMPT SAME     LEAVE_ORDER      ATTEMPT_ENDED            -                -              -                SETTLED
            REFUNDING          CLOSE_OF_ATTEMPT OTHER    LEAVE_ORDER      ATTEMPT_ENDED            -                -              -                SETTLED
            PARTIALLY_REFUNDED SUCCESS          SAME     REPUBLISH_PAID   DUPLICATE                -                -              -                SETTLED
            PARTIALLY_REFUNDED SUCCESS          OTHER    SET_ASIDE        ILLEGAL_DOUBLE_PAYMENT   DOUBLE_PAYMENT   -              DOUBLE_PAYMENT   NEEDS_A_PERSON
            PARTIALLY_REFUNDED CLOSE_OF_ORDER   SAME     OVERRULE_CLOSE   CLOSE_OVERRULED          -                CLOSE_CONFLICT -                SETTLED
            PARTIALLY_REFUNDED CLOSE_OF_ORDER   OTHER    OVERRULE_CLOSE   CLOSE_OVERRULED          -                CLOSE_CONFLICT -                SETTLED
            PARTIALLY_REFUNDED CLOSE_OF_ATTEMPT SAME     LEAVE_ORDER      ATTEMPT_ENDED            -                -              -                SETTLED
            PARTIALLY_REFUNDED CLOSE_OF_ATTEMPT OTHER    LEAVE_ORDER      ATTEMPT_ENDED            -                -              -                SETTLED
            REFUNDED           SUCCESS          SAME     REPUBLISH_PAID   DUPLICATE                -                -              -                SETTLED
            REFUNDED           SUCCESS          OTHER    SET_ASIDE        ILLEGAL_DOUBLE_PAYMENT   DOUBLE_PAYMENT   -              DOUBLE_PAYMENT   NEEDS_A_PERSON
            REFUNDED           CLOSE_OF_ORDER   SAME     OVERRULE_CLOSE   CLOSE_OVERRULED          -                CLOSE_CONFLICT -                SETTLED
            REFUNDED           CLOSE_OF_ORDER   OTHER    OVERRULE_CLOSE   CLOSE_OVERRULED          -                CLOSE_CONFLICT -                SETTLED
            REFUNDED           CLOSE_OF_ATTEMPT SAME     LEAVE_ORDER      ATTEMPT_ENDED            -                -              -                SETTLED
            REFUNDED           CLOSE_OF_ATTEMPT OTHER    LEAVE_ORDER      ATTEMPT_ENDED            -                -              -                SETTLED
            """;

    private static final Set<Standing> PAID_STANDINGS = Set.of(Standing.PAID, Standing.REFUNDING,
            Standing.PARTIALLY_REFUNDED, Standing.REFUNDED);

    static Stream<Arguments> rows() {
        return expected().stream().map(row -> Arguments.of(row.key(), row.rule()));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @MethodSource("rows")
    void givenAnOrderStandingANoticeAndATradeRelation_whenDecided_thenTheRowWrittenHereApplies(Key key,
            PaymentRule want) {
        assertThat(PaymentRules.rule(key)).contains(want);
        assertThat(PaymentRules.decide(key, Optional.empty())).isEqualTo(want);
        assertThat(want.settlement()).isEqualTo(want.outcome().map(RawOutcome::handled));
    }

    @Test
    void theTableHoldsEveryPossibleKeyExactlyOnceAndNothingElse() {
        List<Key> possible = new ArrayList<>();
        for (Standing standing : Standing.values()) {
            for (Notice notice : Notice.values()) {
                for (TradeRelation relation : TradeRelation.values()) {
                    if (PAID_STANDINGS.contains(standing) == (relation != TradeRelation.NONE)) {
                        possible.add(new Key(standing, notice, relation));
                    }
                }
            }
        }
        List<Key> written = expected().stream().map(Row::key).toList();

        assertThat(written).doesNotHaveDuplicates().containsExactlyInAnyOrderElementsOf(possible).hasSize(33);
        assertThat(PaymentRules.table().keySet()).containsExactlyInAnyOrderElementsOf(possible);
    }

    @Test
    void givenAKeyTheTableLacks_whenDecided_thenItIsIllegal() {
        Key paidWithoutTrade = new Key(Standing.PAID, Notice.SUCCESS, TradeRelation.NONE);
        Key pendingPaidBySameTrade = new Key(Standing.PENDING, Notice.SUCCESS, TradeRelation.SAME);

        assertThat(PaymentRules.rule(paidWithoutTrade)).isEmpty();
        assertThatThrownBy(() -> PaymentRules.decide(paidWithoutTrade, Optional.empty()))
            .isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> PaymentRules.decide(pendingPaidBySameTrade, Optional.empty()))
            .isInstanceOf(IllegalStateException.class);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void givenTheTradeSettledInTheOtherFinalState_whenDecided_thenASuccessAddsCloseConflictAndACloseKeepsTheTradesOutcome(
            Key key, PaymentRule row) {
        RawOutcome other = key.notice() == Notice.SUCCESS ? RawOutcome.CLOSED : RawOutcome.APPLIED;

        PaymentRule got = PaymentRules.decide(key, Optional.of(other));

        if (key.notice() == Notice.SUCCESS) {
            assertThat(got).isEqualTo(new PaymentRule(row.decision(), row.outcome(), row.alert(),
                    Optional.of(Kind.CLOSE_CONFLICT), row.refund(), row.settlement()));
        }
        else {
            assertThat(got).isEqualTo(new PaymentRule(Decision.OVERRULE_CLOSE, Optional.empty(), Optional.empty(),
                    Optional.of(Kind.CLOSE_CONFLICT), Optional.empty(), Optional.empty()));
        }
        // an outcome of the same side (a redelivery) or of neither side changes nothing
        RawOutcome sameSide = key.notice() == Notice.SUCCESS ? RawOutcome.APPLIED : RawOutcome.CLOSED;
        assertThat(PaymentRules.decide(key, Optional.of(sameSide))).isEqualTo(row);
        assertThat(PaymentRules.decide(key, Optional.of(RawOutcome.UNKNOWN_STATE))).isEqualTo(row);
    }

    @Test
    void aCloseForAPaidOrderIsOverruledWithACloseConflictWhereItOnceWasIllegalClosedAfterPayment() {
        for (Standing paid : PAID_STANDINGS) {
            PaymentRule rule = PaymentRules.decide(new Key(paid, Notice.CLOSE_OF_ORDER, TradeRelation.OTHER),
                    Optional.empty());

            assertThat(rule.decision()).isEqualTo(Decision.OVERRULE_CLOSE);
            assertThat(rule.outcome()).contains(RawOutcome.CLOSE_OVERRULED)
                .isNotEqualTo(Optional.of(RawOutcome.ILLEGAL_CLOSED_AFTER_PAYMENT));
            assertThat(rule.orderAlert()).contains(Kind.CLOSE_CONFLICT);
            assertThat(rule.refund()).isEmpty();
        }
    }

    @Test
    void aPaymentForARefundingOrRefundedOrderIsADuplicateOrADoublePaymentNotAPaymentInAnotherState() {
        for (Standing standing : List.of(Standing.REFUNDING, Standing.PARTIALLY_REFUNDED, Standing.REFUNDED)) {
            assertThat(PaymentRules.decide(new Key(standing, Notice.SUCCESS, TradeRelation.SAME), Optional.empty())
                .outcome()).contains(RawOutcome.DUPLICATE);
            PaymentRule other = PaymentRules.decide(new Key(standing, Notice.SUCCESS, TradeRelation.OTHER),
                    Optional.empty());
            assertThat(other.outcome()).contains(RawOutcome.ILLEGAL_DOUBLE_PAYMENT);
            assertThat(other.refund()).contains(Reason.DOUBLE_PAYMENT);
        }
    }

    @Test
    void everyDecisionThatMovesTheOrderIsAWhitelistedTransitionFromItsStanding() {
        for (var row : PaymentRules.table().entrySet()) {
            OrderStatus from = status(row.getKey().standing());
            row.getValue()
                .decision()
                .transition()
                .ifPresent(event -> assertThat(OrderTransitions.next(from, event)).as(row.getKey().toString())
                    .isPresent());
        }
        assertThat(Arrays.stream(Decision.values()).filter(d -> d.transition().isPresent()))
            .containsExactly(Decision.APPLY, Decision.REOPEN, Decision.CLOSE);
    }

    @Test
    void wechatAndAlipayClosesCloseTheOrderAStripeCancelEndsOnlyTheAttempt() {
        assertThat(Notice.of(PaymentState.CLOSED, Channel.WECHATPAY)).isEqualTo(Notice.CLOSE_OF_ORDER);
        assertThat(Notice.of(PaymentState.CLOSED, Channel.ALIPAY)).isEqualTo(Notice.CLOSE_OF_ORDER);
        assertThat(Notice.of(PaymentState.CLOSED, Channel.STRIPE)).isEqualTo(Notice.CLOSE_OF_ATTEMPT);
        for (Channel channel : Channel.values()) {
            assertThat(Notice.of(PaymentState.SUCCEEDED, channel)).isEqualTo(Notice.SUCCESS);
            assertThatThrownBy(() -> Notice.of(PaymentState.UNKNOWN, channel))
                .isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void aClosedOrderStandsByWhoClosedItAndAnUnknownCloserCountsAsTheMerchant() {
        assertThat(Standing.of(OrderStatus.CLOSED, Optional.of(OrderEvent.PAYMENT_CLOSED)))
            .isEqualTo(Standing.CLOSED_BY_CHANNEL);
        assertThat(Standing.of(OrderStatus.CLOSED, Optional.of(OrderEvent.ORDER_CANCELLED)))
            .isEqualTo(Standing.CLOSED_BY_MERCHANT);
        assertThat(Standing.of(OrderStatus.CLOSED, Optional.empty())).isEqualTo(Standing.CLOSED_BY_MERCHANT);
        for (OrderStatus status : OrderStatus.values()) {
            if (status != OrderStatus.CLOSED) {
                assertThat(Standing.of(status, Optional.empty()).name()).isEqualTo(status.name());
            }
        }
    }

    @Test
    void theTradeRelatesToThePayingTradeIfThereIsOne() {
        assertThat(TradeRelation.of(Optional.empty(), "T1")).isEqualTo(TradeRelation.NONE);
        assertThat(TradeRelation.of(Optional.of("T1"), "T1")).isEqualTo(TradeRelation.SAME);
        assertThat(TradeRelation.of(Optional.of("T1"), "T2")).isEqualTo(TradeRelation.OTHER);
    }

    private static OrderStatus status(Standing standing) {
        return switch (standing) {
            case CLOSED_BY_CHANNEL, CLOSED_BY_MERCHANT -> OrderStatus.CLOSED;
            default -> OrderStatus.valueOf(standing.name());
        };
    }

    record Row(Key key, PaymentRule rule) {
    }

    private static List<Row> expected() {
        return EXPECTED.lines()
            .skip(1)
            .map(line -> line.trim().split("\\s+"))
            .map(c -> new Row(new Key(Standing.valueOf(c[0]), Notice.valueOf(c[1]), TradeRelation.valueOf(c[2])),
                    new PaymentRule(Decision.valueOf(c[3]), opt(c[4], RawOutcome::valueOf), opt(c[5], Kind::valueOf),
                            opt(c[6], Kind::valueOf), opt(c[7], Reason::valueOf), opt(c[8], Handled::valueOf))))
            .toList();
    }

    private static <T> Optional<T> opt(String cell, Function<String, T> parse) {
        return cell.equals("-") ? Optional.empty() : Optional.of(parse.apply(cell));
    }

}
