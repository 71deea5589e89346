package io.paypipe.refund;

import io.paypipe.support.EnableServiceSupport;
import io.paypipe.support.ProductionProfile;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.context.annotation.PropertySource;

/**
 * Refunds: the refund API with its guard ({@code refund}), the one place a refund's
 * status moves ({@code result}), refund notifications from {@code refund.notify}
 * ({@code notify}), automatic refunds from {@code refund.task} ({@code task}) and the
 * refund query ladder on {@code refund.query} ({@code query}); each channel's refund API
 * behind {@code channel.ChannelRefunds}. Its Kafka templates, retry topics, alerts and
 * dead-letter recorder come from service-support ({@link EnableServiceSupport}). Its
 * executable jar runs with the profile {@code prod} by default
 * ({@link ProductionProfile}, {@code config.ProductionDefaults}).
 */
@SpringBootApplication
@EnableServiceSupport
@PropertySource("classpath:io/paypipe/refund/refund-defaults.properties")
@ConfigurationPropertiesScan
public class RefundApplication {

    public static void main(String[] args) {
        ProductionProfile.application(RefundApplication.class).run(args);
    }

}
