package io.paypipe.refund.refund;

import static io.paypipe.refund.support.RefundApi.request;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.id.Channel;
import io.paypipe.refund.support.PaidOrders.Paid;
import io.paypipe.refund.support.RefundApi.Answer;
import io.paypipe.refund.support.RefundIntegrationBase;
import io.paypipe.support.testing.TestAccounts;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The refund API's sign-in (service-support's {@code OperatorSecurity}) on the real
 * broker and database: a refund needs the role OPERATOR, and its stored requester is the
 * signed-in account, never a name in the body.
 */
class RefundSignInIntegrationTest extends RefundIntegrationBase {

    @Test
    void refusesARefundByNobodyOrAViewerAndStoresNone() {
        // Given a paid order
        Paid order = orders.paid(wechat(0), Channel.WECHATPAY, 2_000);
        String merchant = order.key().merchantId().value();
        String outTradeNo = order.key().outTradeNo().value();

        // When a refund is asked without a sign-in, then by a viewer
        Answer anonymous = api.post(request(merchant, outTradeNo, 500, null), null);
        Answer viewer = api.post(request(merchant, outTradeNo, 500, null), TestAccounts.VIEWER);

        // Then 401 and 403, and no refund exists
        assertThat(anonymous.status()).isEqualTo(401);
        assertThat(viewer.status()).isEqualTo(403);
        assertThat(db.refunds(order.id())).isEmpty();
        assertThat(api.get("/orders/" + merchant + "/" + outTradeNo + "/refunds").status()).isEqualTo(200);
    }

    @Test
    void storesTheOperatorsSignInNameAsTheRequesterAndRefusesAnotherName() {
        // Given a paid order
        Paid order = orders.paid(wechat(0), Channel.WECHATPAY, 2_000);
        String merchant = order.key().merchantId().value();
        String outTradeNo = order.key().outTradeNo().value();
        String refundNo = "SIGNIN-" + UUID.randomUUID().toString().substring(0, 8);

        // When the operator's request names somebody else as its requester
        Map<String, Object> naming = request(merchant, outTradeNo, 500, refundNo);
        naming.put("requested_by", "mallory");
        Answer someoneElse = api.post(naming);

        // Then it is refused with one sentence and nothing is stored
        assertThat(someoneElse.status()).isEqualTo(400);
        assertThat(someoneElse.text("error"))
            .isEqualTo("requested_by is taken from your sign-in (test-operator): leave it out of the request"
                    + " instead of naming someone else");
        assertThat(db.refunds(order.id())).isEmpty();

        // When the operator asks without naming anybody
        Answer created = api.post(request(merchant, outTradeNo, 500, refundNo));

        // Then the stored refund's requester is the operator's sign-in name
        assertThat(created.status()).isEqualTo(201);
        assertThat(created.text("requested_by")).isEqualTo(TestAccounts.OPERATOR.user());
        assertThat(jdbc.sql("SELECT requested_by FROM refund WHERE merchant_id = :m AND refund_no = :no")
            .param("m", merchant)
            .param("no", refundNo)
            .query(String.class)
            .single()).isEqualTo(TestAccounts.OPERATOR.user());
    }

}
