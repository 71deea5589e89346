package io.paypipe.refund.notify;

import io.paypipe.core.event.OpsAlertRaised.Kind;
import io.paypipe.core.event.OpsAlertRaised.Severity;
import io.paypipe.core.event.RefundNotified;
import io.paypipe.core.id.EventId;
import io.paypipe.core.money.Money;
import io.paypipe.core.order.RefundProgress;
import io.paypipe.core.raw.Handled;
import io.paypipe.core.refund.RefundStatus;
import io.paypipe.refund.order.OrderRepository;
import io.paypipe.refund.order.OrderRow;
import io.paypipe.refund.order.Payment;
import io.paypipe.refund.order.Payments;
import io.paypipe.refund.result.Answer;
import io.paypipe.refund.result.RefundChange;
import io.paypipe.refund.result.RefundResultDispatcher;
import io.paypipe.refund.result.RefundResults;
import io.paypipe.refund.send.QuerySchedule;
import io.paypipe.refund.store.NewRefund;
import io.paypipe.refund.store.RefundCause;
import io.paypipe.refund.store.RefundRepository;
import io.paypipe.refund.store.RefundSource;
import io.paypipe.refund.store.RefundTransitionRepository;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * A refund the channel reports that we do not have: made outside the product (the
 * merchant's dashboard), naming none of our refund numbers or one we never made. It is
 * recorded as source CHANNEL against its payment, found by (merchant, channel, channel
 * trade number), with its amount (the notice's, or for Alipay the cumulative refunded
 * amount less what is recorded as succeeded for that payment), and the notice applied to
 * it, in one transaction. Its refund number is derived from what identifies it at the
 * channel, so every notice of the same refund finds the same row. No payment matches:
 * REFUND_UNMATCHED, never dropped.
 */
@Component
class ChannelRefundRecorder {

    private static final Logger log = LoggerFactory.getLogger(ChannelRefundRecorder.class);

    private final Payments payments;

    private final OrderRepository orders;

    private final RefundRepository refunds;

    private final RefundTransitionRepository transitions;

    private final RefundResults results;

    private final RefundResultDispatcher dispatcher;

    private final RefundRawRepository raws;

    private final NoticeAside aside;

    private final QuerySchedule queries;

    private final TransactionTemplate tx;

    private final Clock clock;

    ChannelRefundRecorder(Payments payments, OrderRepository orders, RefundRepository refunds,
            RefundTransitionRepository transitions, RefundResults results, RefundResultDispatcher dispatcher,
            RefundRawRepository raws, NoticeAside aside, QuerySchedule queries, TransactionTemplate tx, Clock clock) {
        this.payments = payments;
        this.orders = orders;
        this.refunds = refunds;
        this.transitions = transitions;
        this.results = results;
        this.dispatcher = dispatcher;
        this.raws = raws;
        this.aside = aside;
        this.queries = queries;
        this.tx = tx;
        this.clock = clock;
    }

    void record(RefundNotified n, Answer answer) {
        Optional<Payment> payment = payments.ofTrade(n.orderKey().merchantId(), n.channel(), n.channelTradeNo());
        if (payment.isEmpty()) {
            aside.setAside(n, Kind.REFUND_UNMATCHED, Severity.ERROR,
                    "a " + n.channel().code() + " refund (" + describe(n) + ") of trade " + n.channelTradeNo()
                            + " matches no payment of merchant " + n.orderKey().merchantId()
                            + ": find its payment and record it by hand");
            return;
        }
        Optional<RefundChange> change = tx.execute(status -> recordLocked(n, answer, payment.get()));
        if (change.isEmpty()) {
            log.info("refund notice raw {} of trade {} adds nothing to what is recorded ({})", n.rawId(),
                    n.channelTradeNo(), describe(n));
            return;
        }
        dispatcher.dispatch(change.get(), RefundCause.NOTIFY);
        if (!change.get().isFinal()) {
            queries.schedule(change.get().refund());
        }
    }

    private Optional<RefundChange> recordLocked(RefundNotified n, Answer answer, Payment payment) {
        OrderRow order = orders.lock(payment.orderId()).orElseThrow();
        Instant now = clock.instant();
        String refundNo = refundNo(n);
        var known = refunds.findByNo(order.key().merchantId(), refundNo);
        long id;
        if (known.isPresent()) {
            id = known.get().id();
        }
        else {
            Optional<Money> amount = amount(n, refunds.progress(payment));
            if (amount.isEmpty()) {
                raws.settle(n.rawId(), Handled.SETTLED, "nothing new: " + describe(n), now);
                return Optional.empty();
            }
            id = refunds.insert(new NewRefund(refundNo, order.key(), order.spMerchantId(), payment, amount.get(),
                    RefundSource.CHANNEL, "made outside the product (" + describe(n) + ")", "channel"), now);
            transitions.insert(id, RefundTransitionRepository.NEW, RefundStatus.PENDING.name(), RefundCause.NOTIFY,
                    n.rawId(), "recorded from the channel's notice", now);
            log.info("refund {} of trade {} made outside the product recorded for order {}: {} minor units", refundNo,
                    n.channelTradeNo(), order.key(), amount.get().minor());
        }
        RefundChange change = results.applyLocked(order, refunds.lock(id).orElseThrow(), known(answer, refundNo),
                RefundCause.NOTIFY, n.rawId());
        boolean conflict = change instanceof RefundChange.Conflict;
        raws.settle(n.rawId(), conflict ? Handled.NEEDS_A_PERSON : Handled.SETTLED,
                conflict ? ((RefundChange.Conflict) change).alert().message() : null, now);
        return Optional.of(change);
    }

    /**
     * The answer under an id the channel knows the refund by: its own refund id, or else
     * (Alipay has none: its client names a refund by its request number) the refund's
     * number, so every SUCCESS refund has exactly one channel refund id.
     */
    static Answer known(Answer answer, String refundNo) {
        if (answer.channelRefundId() != null) {
            return answer;
        }
        return switch (answer) {
            case Answer.Succeeded s -> new Answer.Succeeded(refundNo, s.at(), s.amount());
            case Answer.Failed f -> new Answer.Failed(refundNo, f.code(), f.message());
            case Answer.Accepted a -> new Answer.Accepted(refundNo);
        };
    }

    /**
     * This refund's amount: the notice's, else what the channel's cumulative refunded
     * amount adds to what is recorded as succeeded; empty when it adds nothing.
     */
    static Optional<Money> amount(RefundNotified n, RefundProgress progress) {
        if (n.refundAmount() != null) {
            return Optional.of(n.refundAmount()).filter(m -> m.minor() > 0);
        }
        if (n.refundedTotal() == null) {
            return Optional.empty();
        }
        long added = n.refundedTotal().minor() - progress.succeededMinor();
        return added > 0 ? Optional.of(Money.of(added, n.refundedTotal().currency())) : Optional.empty();
    }

    /**
     * The notice's own refund number if it names one we can store, else one derived from
     * the channel's refund id or (Alipay without out_biz_no) the trade and its cumulative
     * refunded amount: the same refund always gets the same number.
     */
    static String refundNo(RefundNotified n) {
        if (n.refundNo() != null && n.refundNo().matches("[0-9A-Za-z_-]{1,64}")) {
            return n.refundNo();
        }
        if (n.channelRefundId() != null && n.channelRefundId().matches("[0-9A-Za-z_-]{1,61}")) {
            return "CH_" + n.channelRefundId();
        }
        String total = n.refundedTotal() == null ? "-" : Long.toString(n.refundedTotal().minor());
        return "CH_" + EventId
            .derived("channel-refund", n.channel().code(), n.channelTradeNo().value(),
                    String.valueOf(n.channelRefundId()), total)
            .value()
            .replace("-", "");
    }

    private static String describe(RefundNotified n) {
        return "channel refund id " + n.channelRefundId() + ", refund_no " + n.refundNo() + ", "
                + (n.refundAmount() != null ? "amount " + n.refundAmount().minor()
                        : "refunded in all " + (n.refundedTotal() == null ? "?" : n.refundedTotal().minor()));
    }

}
