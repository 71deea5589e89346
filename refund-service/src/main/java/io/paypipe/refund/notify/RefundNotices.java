package io.paypipe.refund.notify;

import io.paypipe.core.event.OpsAlertRaised.Kind;
import io.paypipe.core.event.OpsAlertRaised.Severity;
import io.paypipe.core.event.RefundNotified;
import io.paypipe.core.raw.Handled;
import io.paypipe.refund.result.Answer;
import io.paypipe.refund.result.RefundChange;
import io.paypipe.refund.result.RefundResults;
import io.paypipe.refund.store.RefundCause;
import io.paypipe.refund.store.RefundRepository;
import io.paypipe.refund.store.RefundRow;
import java.time.Clock;
import java.util.Optional;
import org.springframework.stereotype.Service;

/**
 * One refund notification from {@code refund.notify}. Our refund is found by (merchant =
 * the order's merchant, refund_no); SUCCEEDED moves it to SUCCESS, CLOSED to FAIL, both
 * through {@link RefundResults} (once, however often the notice comes), with the raw row
 * settled in the same transaction. ABNORMAL is not final: a REFUND_ABNORMAL alert, and a
 * later SUCCESS still applies; a state the product does not know: UNKNOWN_STATE. A refund
 * we do not have (made in the channel's dashboard) is recorded against its payment
 * ({@link ChannelRefundRecorder}).
 */
@Service
class RefundNotices {

    private final RefundRepository refunds;

    private final RefundResults results;

    private final ChannelRefundRecorder recorder;

    private final NoticeAside aside;

    private final RefundRawRepository raws;

    private final Clock clock;

    RefundNotices(RefundRepository refunds, RefundResults results, ChannelRefundRecorder recorder, NoticeAside aside,
            RefundRawRepository raws, Clock clock) {
        this.refunds = refunds;
        this.results = results;
        this.recorder = recorder;
        this.aside = aside;
        this.raws = raws;
        this.clock = clock;
    }

    void handle(RefundNotified n) {
        Optional<RefundRow> ours = n.refundNo() == null ? Optional.empty()
                : refunds.findByNo(n.orderKey().merchantId(), n.refundNo()).filter(r -> r.channel() == n.channel());
        String which = ours.map(RefundRow::toString).orElse("refund " + n.refundNo());
        switch (n.state()) {
            case ABNORMAL -> aside.setAside(n, Kind.REFUND_ABNORMAL, Severity.ERROR, "the channel could not pay "
                    + which + " out (" + n.channelState() + "): act with the channel; a later SUCCESS still applies");
            case UNKNOWN -> aside.setAside(n, Kind.UNKNOWN_STATE, Severity.WARN,
                    "unknown refund state " + n.channelState() + " for " + which + ": decide it by hand");
            case SUCCEEDED, CLOSED -> apply(n, ours, answer(n));
        }
    }

    private void apply(RefundNotified n, Optional<RefundRow> ours, Answer answer) {
        if (ours.isEmpty()) {
            recorder.record(n, answer);
            return;
        }
        RefundRow refund = ours.get();
        if (!refund.channelTradeNo().equals(n.channelTradeNo())) {
            aside.setAside(n, Kind.REFUND_CONFLICT, Severity.ERROR, "the channel reports " + refund + " for trade "
                    + n.channelTradeNo() + ", stored for trade " + refund.channelTradeNo());
            return;
        }
        results.apply(refund.id(), answer, RefundCause.NOTIFY, n.rawId(), change -> settle(n, change));
    }

    private void settle(RefundNotified n, RefundChange change) {
        boolean conflict = change instanceof RefundChange.Conflict;
        raws.settle(n.rawId(), conflict ? Handled.NEEDS_A_PERSON : Handled.SETTLED,
                conflict ? ((RefundChange.Conflict) change).alert().message() : null, clock.instant());
    }

    static Answer answer(RefundNotified n) {
        return switch (n.state()) {
            case SUCCEEDED ->
                new Answer.Succeeded(n.channelRefundId(), n.succeededAt(), Optional.ofNullable(n.refundAmount()));
            case CLOSED -> new Answer.Failed(n.channelRefundId(), n.channelState(), "closed by the channel");
            case ABNORMAL, UNKNOWN -> throw new IllegalArgumentException("not a final refund state: " + n.state());
        };
    }

}
