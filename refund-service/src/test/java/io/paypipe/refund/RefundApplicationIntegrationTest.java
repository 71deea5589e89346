package io.paypipe.refund;

import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.refund.support.RefundIntegrationBase;
import org.junit.jupiter.api.Test;

/** The service starts against a real broker and database and reports itself healthy. */
class RefundApplicationIntegrationTest extends RefundIntegrationBase {

    @Test
    void startsAndReportsHealthy() {
        var health = api.get("/actuator/health");

        assertThat(health.status()).isEqualTo(200);
        assertThat(health.text("status")).isEqualTo("UP");
    }

}
