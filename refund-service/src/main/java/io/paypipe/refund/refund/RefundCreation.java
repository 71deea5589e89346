package io.paypipe.refund.refund;

import io.paypipe.core.money.Money;
import io.paypipe.core.order.RefundProgress;
import io.paypipe.core.refund.RefundStatus;
import io.paypipe.refund.order.OrderMoves;
import io.paypipe.refund.order.OrderRepository;
import io.paypipe.refund.order.OrderRow;
import io.paypipe.refund.order.Payment;
import io.paypipe.refund.refund.Creation.Created;
import io.paypipe.refund.refund.Creation.Existing;
import io.paypipe.refund.refund.Creation.Refused;
import io.paypipe.refund.send.RefundSender;
import io.paypipe.refund.store.NewRefund;
import io.paypipe.refund.store.RefundCause;
import io.paypipe.refund.store.RefundRepository;
import io.paypipe.refund.store.RefundRow;
import io.paypipe.refund.store.RefundSource;
import io.paypipe.refund.store.RefundTransitionRepository;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Step 1 of a refund, in ONE transaction: lock the order ({@code SELECT ... FOR UPDATE});
 * its paying trade is the payment; the guard succeeded + in flight + this <= paid
 * ({@link RefundProgress#admits}); insert the refund PENDING with its number (unique per
 * merchant: a plain INSERT, a duplicate key means it exists); the order REFUND_STARTED
 * ({@link OrderMoves#start}); the refund's first {@code refund_transition}. Nothing calls
 * a channel in here.
 */
@Service
class RefundCreation {

    private final OrderRepository orders;

    private final RefundRepository refunds;

    private final RefundTransitionRepository transitions;

    private final OrderMoves moves;

    private final RefundNumbers numbers;

    private final RefundSender sender;

    private final TransactionTemplate tx;

    private final Clock clock;

    RefundCreation(OrderRepository orders, RefundRepository refunds, RefundTransitionRepository transitions,
            OrderMoves moves, RefundNumbers numbers, RefundSender sender, TransactionTemplate tx, Clock clock) {
        this.orders = orders;
        this.refunds = refunds;
        this.transitions = transitions;
        this.moves = moves;
        this.numbers = numbers;
        this.sender = sender;
        this.tx = tx;
        this.clock = clock;
    }

    Creation create(RefundRequest request) {
        for (int attempt = 1;; attempt++) {
            String refundNo = request.ownRefundNo().orElseGet(numbers::next);
            try {
                return tx.execute(status -> createLocked(request, refundNo));
            }
            catch (DuplicateKeyException taken) {
                if (request.ownRefundNo().isEmpty() && attempt < 3) {
                    continue; // a generated number met another: draw again
                }
                // the caller's number, taken meanwhile by a refund of another order
                return refunds.findByNo(request.merchantId(), refundNo)
                    .map(existing -> sameOrConflict(existing, request))
                    .orElseThrow(() -> taken);
            }
        }
    }

    private Creation createLocked(RefundRequest request, String refundNo) {
        Optional<OrderRow> locked = orders.lock(request.merchantId(), request.outTradeNoId());
        if (locked.isEmpty()) {
            return Refused.of(HttpStatus.NOT_FOUND,
                    "no order " + request.outTradeNo() + " of merchant " + request.merchant());
        }
        OrderRow order = locked.get();
        if (request.ownRefundNo().isPresent()) {
            Optional<RefundRow> existing = refunds.findByNo(order.key().merchantId(), refundNo);
            if (existing.isPresent()) {
                return sameOrConflict(existing.get(), request);
            }
        }
        if (!order.isPaid()) {
            return Refused.of(HttpStatus.CONFLICT, "order " + request.outTradeNo() + " is " + order.status()
                    + ", not paid: there is nothing to refund");
        }
        String currency = order.amount().currency();
        if (request.currency() != null && !request.currency().equals(currency)) {
            return Refused.of(HttpStatus.BAD_REQUEST,
                    "currency " + request.currency() + " is not the order's currency " + currency);
        }
        if (!sender.canSend(order.channel(), order.key().merchantId(), order.spMerchantId())) {
            return Refused.of(HttpStatus.SERVICE_UNAVAILABLE, "refunds through " + order.channel().code()
                    + " are not available for merchant " + order.key().merchantId() + " (no client or credentials)");
        }
        Money amount = Money.of(request.amount(), currency);
        Payment payment = order.payment();
        RefundProgress progress = refunds.progress(payment);
        if (!progress.admits(amount.minor())) {
            Money refundable = Money.of(Math.max(0, progress.refundableMinor()), currency);
            return new Refused(HttpStatus.CONFLICT,
                    "a refund of " + amount.minor() + " would exceed what the payment can still refund: "
                            + refundable.minor() + " of " + payment.paid().minor() + " " + currency + " (refunded "
                            + progress.succeededMinor() + ", in flight " + progress.inFlightMinor() + ")",
                    Optional.of(refundable));
        }
        Instant now = clock.instant();
        long id = refunds.insert(new NewRefund(refundNo, order.key(), order.spMerchantId(), payment, amount,
                RefundSource.API, request.reason(), request.requestedBy()), now);
        moves.start(order, refundNo);
        transitions.insert(id, RefundTransitionRepository.NEW, RefundStatus.PENDING.name(), RefundCause.API, null,
                "requested by " + request.requestedBy(), now);
        return new Created(refunds.find(id).orElseThrow());
    }

    /** The same request again, or a refund number reused for another refund. */
    private static Creation sameOrConflict(RefundRow existing, RefundRequest request) {
        boolean same = existing.orderKey().merchantId().equals(request.merchantId())
                && existing.orderKey().outTradeNo().equals(request.outTradeNoId())
                && existing.amount().minor() == request.amount()
                && (request.currency() == null || request.currency().equals(existing.amount().currency()));
        return same ? new Existing(existing) : Refused.of(HttpStatus.CONFLICT, "refund_no " + existing.refundNo()
                + " of merchant " + request.merchant() + " is already another refund (another order or amount)");
    }

}
