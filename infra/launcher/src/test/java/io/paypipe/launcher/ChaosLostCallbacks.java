package io.paypipe.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.id.Channel;
import io.paypipe.launcher.ChaosScenario.Planned;
import io.paypipe.sandbox.merchant.SandboxMerchants;
import io.paypipe.sandbox.query.CallbackScenarios;
import io.paypipe.sandbox.query.OrderRef;
import io.paypipe.sandbox.wechatpay.WechatPaySandboxMerchant;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The chaos test's lost callbacks ({@link ChaosScenario#LOST_CALLBACK}): paid at WeChat,
 * every notification dropped, so only reconcile-service's active query can have found
 * them.
 */
final class ChaosLostCallbacks {

    private ChaosLostCallbacks() {
    }

    /**
     * Each LOST_CALLBACK order: its notifications dropped (none delivered), PAID with one
     * ledger row by its one raw row, which the active query stored (source QUERY), its
     * query chain DONE.
     */
    static void assertFoundByTheQuery(LocalPipeline pipeline, JdbcClient jdbc, List<Planned> plan, String prefix) {
        List<Planned> lost = plan.stream().filter(p -> p.scenario() == ChaosScenario.LOST_CALLBACK).toList();
        assertThat(lost).as("lost callbacks in the plan").isNotEmpty();
        List<String> numbers = lost.stream().map(p -> prefix + String.format("%05d", p.index())).toList();
        List<String> found = jdbc.sql("""
                SELECT CONCAT(o.out_trade_no, ' ', o.status, ' ledger=',
                       (SELECT COUNT(*) FROM payment_ledger l WHERE l.order_id = o.id), ' raw=',
                       (SELECT GROUP_CONCAT(CONCAT(r.source, '/', r.outcome) ORDER BY r.id) FROM pay_notify_raw r
                         WHERE r.merchant_id = o.merchant_id AND r.out_trade_no = o.out_trade_no), ' chain=',
                       COALESCE((SELECT q.state FROM payment_query q WHERE q.order_id = o.id), 'NONE'))
                  FROM orders o WHERE o.out_trade_no IN (:numbers)""")
            .param("numbers", numbers)
            .query(String.class)
            .list();
        assertThat(found).as("the lost callbacks")
            .containsExactlyInAnyOrderElementsOf(
                    numbers.stream().map(no -> no + " PAID ledger=1 raw=QUERY/APPLIED chain=DONE").toList());
        var callbacks = pipeline.bean(PipelineService.SANDBOX, CallbackScenarios.class);
        List<WechatPaySandboxMerchant> merchants = pipeline.bean(PipelineService.SANDBOX, SandboxMerchants.class)
            .wechatPay();
        for (Planned p : lost) {
            String merchant = merchants.get(p.index() % merchants.size()).merchantId();
            OrderRef order = OrderRef.of(Channel.WECHATPAY, merchant, prefix + String.format("%05d", p.index()));
            assertThat(callbacks.status(order)).as("callbacks of %s", order).hasValueSatisfying(s -> {
                assertThat(s.dropped()).isEqualTo(p.copies());
                assertThat(s.released()).isZero();
            });
        }
        System.out.println("chaos: " + lost.size() + " lost callbacks, every one found by the active query");
    }

}
