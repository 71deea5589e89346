package io.paypipe.ingress.config;

import io.paypipe.core.merchant.MerchantsFile;
import io.paypipe.core.topic.Json;
import io.paypipe.core.topic.Topic;
import io.paypipe.core.topic.Topics;
import io.paypipe.ingress.callback.ChannelErrorReportValve;
import org.apache.catalina.core.StandardHost;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.StringSerializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.core.ProducerFactory;

/** The clock, the merchants file and the one producer of ingress. */
@Configuration(proxyBeanMethods = false)
class IngressConfiguration {

    private static final Logger log = LoggerFactory.getLogger(IngressConfiguration.class);

    @Bean
    @ConditionalOnMissingBean
    Clock clock() {
        return Clock.systemUTC();
    }

    /**
     * The merchants file, read and validated once at start ({@link MerchantsFile#read}):
     * a file whose ids do not fit the database or whose entries miss what the
     * cross-checks need stops the start, naming every problem.
     */
    @Bean
    MerchantsFile merchantsFile(IngressProperties properties) {
        return MerchantsFile.read(properties.merchantsFile());
    }

    /**
     * The producer for {@code payment.notify} and {@code refund.notify}, with the
     * catalogue's serializers. Whatever {@code spring.kafka.producer.*} says, it waits
     * for all in-sync replicas, is idempotent and gives up within
     * {@code ingress.publish-timeout}: a callback must be answered within WeChat's 5
     * seconds, and a down broker must turn into a fail ack (so the channel pushes again),
     * not a hung request.
     */
    @Bean
    ProducerFactory<String, Object> notifyProducerFactory(KafkaProperties kafka, IngressProperties properties) {
        Map<String, Object> config = kafka.buildProducerProperties();
        int timeoutMs = Math.toIntExact(properties.publishTimeout().toMillis());
        config.put(ProducerConfig.ACKS_CONFIG, "all");
        config.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        config.put(ProducerConfig.LINGER_MS_CONFIG, 0);
        config.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, timeoutMs);
        config.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, timeoutMs);
        // Kafka requires delivery.timeout.ms >= linger.ms + request.timeout.ms
        config.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, timeoutMs);
        return new DefaultKafkaProducerFactory<>(config, new StringSerializer(), Json.serializer());
    }

    @Bean
    KafkaTemplate<String, Object> notifyTemplate(ProducerFactory<String, Object> factory) {
        return new KafkaTemplate<>(factory);
    }

    /**
     * Sets the producer up once at start, off the start-up thread: the first callbacks
     * after a start would otherwise pay for the producer's creation, its producer id and
     * the topics' metadata inside their {@code ingress.publish-timeout} (a fail ack on a
     * busy host). A broker or topic not there yet is logged only; readiness reports it.
     */
    @Bean
    ApplicationRunner notifyProducerWarmUp(KafkaTemplate<String, Object> template) {
        return args -> Thread.ofVirtual().name("ingress-producer-warm-up").start(() -> {
            for (Topic<?> topic : List.of(Topics.PAYMENT_NOTIFY, Topics.REFUND_NOTIFY)) {
                try {
                    log.info("producer ready for {}: {} partitions", topic.name(),
                            template.partitionsFor(topic.name()).size());
                }
                catch (RuntimeException e) {
                    log.warn("producer not set up for {} at start: {}", topic.name(), e.getClass().getSimpleName());
                }
            }
        });
    }

    /**
     * Tomcat's own refusals (before any servlet) answer in the called channel's fail ack,
     * not an HTML page.
     */
    @Bean
    WebServerFactoryCustomizer<TomcatServletWebServerFactory> channelErrorReports() {
        return factory -> factory.addContextCustomizers(context -> {
            if (context.getParent() instanceof StandardHost host) {
                host.setErrorReportValveClass(ChannelErrorReportValve.class.getName());
            }
        });
    }

}
