package io.paypipe.refund.refund;

import io.paypipe.core.id.MerchantId;
import io.paypipe.core.id.OutTradeNo;
import io.paypipe.refund.order.OrderRepository;
import io.paypipe.refund.order.OrderRow;
import io.paypipe.refund.refund.Creation.Created;
import io.paypipe.refund.refund.Creation.Existing;
import io.paypipe.refund.refund.Creation.Refused;
import io.paypipe.refund.send.NewRefunds;
import io.paypipe.refund.send.QuerySchedule;
import io.paypipe.refund.store.RefundCause;
import io.paypipe.refund.store.RefundRepository;
import io.paypipe.refund.store.RefundRow;
import io.paypipe.support.security.SignedIn;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.security.core.Authentication;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The refund API. {@code POST /refunds}: 201 with the refund once its channel answered
 * (or did not: then PENDING, the query decides), 200 with the existing refund for the
 * same request again (no second channel call; a refund not final is put on the query
 * ladder again), 409 for an over-refund (with what is still refundable), an order not
 * paid or a refund_no already used for another refund, 404 for an unknown order, 400 for
 * bad input. Reads need the role VIEWER, a refund OPERATOR (service-support's
 * {@code OperatorSecurity}); the refund's {@code requested_by} is the signed-in account
 * ({@link SignedIn}): left out of the body, or a 400 when it names someone else.
 */
@RestController
class RefundController {

    private static final Logger log = LoggerFactory.getLogger(RefundController.class);

    private final RefundCreation creation;

    private final NewRefunds newRefunds;

    private final RefundRepository refunds;

    private final OrderRepository orders;

    private final QuerySchedule queries;

    RefundController(RefundCreation creation, NewRefunds newRefunds, RefundRepository refunds, OrderRepository orders,
            QuerySchedule queries) {
        this.queries = queries;
        this.creation = creation;
        this.newRefunds = newRefunds;
        this.refunds = refunds;
        this.orders = orders;
    }

    @PostMapping("/refunds")
    ResponseEntity<?> create(@RequestBody RefundRequest typed, Authentication signedIn) {
        Optional<String> someoneElse = SignedIn.typedNameProblem("requested_by", typed.requestedBy(), signedIn);
        if (someoneElse.isPresent()) {
            return ResponseEntity.badRequest().body(ApiError.of(someoneElse.get()));
        }
        RefundRequest request = typed.requestedBy(SignedIn.name(signedIn));
        List<String> problems = request.problems();
        if (!problems.isEmpty()) {
            return ResponseEntity.badRequest().body(ApiError.of(String.join("; ", problems)));
        }
        return switch (creation.create(request)) {
            case Created c -> {
                log.info("refund {} of order {} stored PENDING for {} minor units, requested by {}",
                        c.refund().refundNo(), c.refund().orderKey(), c.refund().amount().minor(),
                        request.requestedBy());
                yield ResponseEntity.status(HttpStatus.CREATED)
                    .body(RefundView.of(newRefunds.send(c.refund(), RefundCause.API)));
            }
            case Existing e -> {
                RefundRow now = refunds.find(e.refund().id()).orElseThrow();
                log.info("refund {} of order {} requested again: answered as it is ({})", now.refundNo(),
                        now.orderKey(), now.status());
                if (!now.status().isFinal()) {
                    // a crash between its commit and its query may have left it off the
                    // ladder: a second chain queries the same refund, harmlessly
                    queries.scheduleOrAlert(now);
                }
                yield ResponseEntity.ok(RefundView.of(now));
            }
            case Refused r -> {
                log.info("refund of order {} of merchant {} refused ({}): {}", request.outTradeNo(), request.merchant(),
                        r.status().value(), r.message());
                yield ResponseEntity.status(r.status())
                    .body(r.refundable()
                        .map(m -> new ApiError(r.message(), m.minor(), m.currency()))
                        .orElseGet(() -> ApiError.of(r.message())));
            }
        };
    }

    @GetMapping("/refunds/{refundNo}")
    ResponseEntity<?> refund(@PathVariable String refundNo, @RequestParam String merchant) {
        if (merchant.isBlank() || merchant.length() > 64 || !RefundNumbers.valid(refundNo)) {
            return ResponseEntity.badRequest().body(ApiError.of("merchant and a valid refund_no are required"));
        }
        return refunds.findByNo(MerchantId.of(merchant), refundNo)
            .<ResponseEntity<?>>map(r -> ResponseEntity.ok(RefundView.of(r)))
            .orElseGet(() -> ResponseEntity.status(HttpStatus.NOT_FOUND)
                .body(ApiError.of("no refund " + refundNo + " of merchant " + merchant)));
    }

    @GetMapping("/orders/{merchant}/{outTradeNo}/refunds")
    ResponseEntity<?> ofOrder(@PathVariable String merchant, @PathVariable String outTradeNo) {
        if (merchant.isBlank() || merchant.length() > 64 || outTradeNo.isBlank() || outTradeNo.length() > 64) {
            return ResponseEntity.badRequest().body(ApiError.of("merchant and out_trade_no are 1 to 64 characters"));
        }
        return orders.find(MerchantId.of(merchant), OutTradeNo.of(outTradeNo))
            .<ResponseEntity<?>>map(order -> ResponseEntity.ok(view(order)))
            .orElseGet(() -> ResponseEntity.status(HttpStatus.NOT_FOUND)
                .body(ApiError.of("no order " + outTradeNo + " of merchant " + merchant)));
    }

    private OrderRefundsView view(OrderRow order) {
        List<RefundView> all = refunds.ofOrder(order.id()).stream().map(RefundView::of).toList();
        return OrderRefundsView.of(order, order.isPaid() ? refunds.progress(order.payment()) : null, all);
    }

    @ExceptionHandler({ HttpMessageNotReadableException.class, MissingServletRequestParameterException.class })
    ResponseEntity<ApiError> unreadable(Exception e) {
        String why = e instanceof MissingServletRequestParameterException m
                ? "query parameter " + m.getParameterName() + " is required"
                : "the body is not a refund request (JSON with merchant, out_trade_no, amount in minor units,"
                        + " reason, optional currency and refund_no)";
        return ResponseEntity.badRequest().body(ApiError.of(why));
    }

}
