package io.paypipe.sandbox.stripe;

import static io.paypipe.sandbox.web.SandboxRequests.require;

import io.paypipe.sandbox.stripe.StripePaymentBook.Payment;
import io.paypipe.sandbox.web.UnavailableOnIllegalState;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The sandbox's own handles on Stripe refunds: scenarios for a PaymentIntent's next
 * refunds, refunds made in the Dashboard, and a PaymentIntent's refunds as Stripe keeps
 * them.
 */
@RestController
@RequestMapping("/sandbox/stripe")
@UnavailableOnIllegalState
class StripeRefundsSandboxController {

    private final StripePayments payments;

    private final StripeRefundApi api;

    StripeRefundsSandboxController(StripePayments payments, StripeRefundApi api) {
        this.payments = payments;
        this.api = api;
    }

    record ScenarioRequest(String account, String paymentIntentId, List<StripeRefundScenario> scenarios) {
    }

    record DashboardRefundRequest(String account, String paymentIntentId, Long amount) {
    }

    record PaymentRefunds(String paymentIntentId, long amountReceived, long amountRefunded,
            List<StripeRefund> refunds) {
    }

    /** The next refunds of the PaymentIntent take these scenarios, in order; 204. */
    @PostMapping("/refund-scenarios")
    ResponseEntity<Void> scenarios(@RequestBody ScenarioRequest request) {
        require(request.account() != null && request.paymentIntentId() != null && request.scenarios() != null
                && !request.scenarios().isEmpty(), "account, paymentIntentId and scenarios are required");
        payments.book().nextRefunds(request.account(), request.paymentIntentId(), request.scenarios());
        return ResponseEntity.noContent().build();
    }

    /** A refund made in the Dashboard (no metadata), succeeded at once; 201. */
    @PostMapping("/dashboard-refunds")
    ResponseEntity<StripeRefund> dashboardRefund(@RequestBody DashboardRefundRequest request) {
        require(request.account() != null && request.paymentIntentId() != null && request.amount() != null,
                "account, paymentIntentId and amount are required");
        return ResponseEntity.status(HttpStatus.CREATED)
            .body(api.dashboardRefund(request.account(), request.paymentIntentId(), request.amount()));
    }

    /** Newest first; 404 for a PaymentIntent that did not succeed here. */
    @GetMapping("/payment-intents/{account}/{id}/refunds")
    PaymentRefunds refunds(@PathVariable("account") String account, @PathVariable("id") String id) {
        Payment payment = payments.book().get(account, id);
        return new PaymentRefunds(id, payment.spec().amountReceived(), payment.amountRefunded(), payment.refunds());
    }

}
