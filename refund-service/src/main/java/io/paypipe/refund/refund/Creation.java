package io.paypipe.refund.refund;

import io.paypipe.core.money.Money;
import io.paypipe.refund.store.RefundRow;
import java.util.Optional;
import org.springframework.http.HttpStatus;

/** What {@code POST /refunds} decided, committed. */
sealed interface Creation {

    /** A new refund, stored PENDING, the order REFUNDING: its channel is called next. */
    record Created(RefundRow refund) implements Creation {
    }

    /**
     * The same request again (merchant, refund_no, order, amount): the refund it made.
     */
    record Existing(RefundRow refund) implements Creation {
    }

    /**
     * Nothing stored: {@code status} and why; {@code refundable} what the payment can
     * still refund, for an over-refund.
     */
    record Refused(HttpStatus status, String message, Optional<Money> refundable) implements Creation {

        static Refused of(HttpStatus status, String message) {
            return new Refused(status, message, Optional.empty());
        }

    }

}
